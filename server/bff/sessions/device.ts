import Bowser from 'bowser';
import ipaddr from 'ipaddr.js';

/** Browser and operating system as the user agent names them, e.g. "Chrome 131 · Windows 10"; '' when it names neither. */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowser();
  const os = parser.getOS();
  const browserText = [browser.name, browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const osText = [os.name, os.versionName ?? os.version].filter(Boolean).join(' ');
  return [browserText, osText].filter(Boolean).join(' · ').slice(0, 120);
}

/**
 * The network of an address: its /24 (IPv4, also when mapped into IPv6) or /48 (IPv6). Enough
 * to tell places apart, not enough to name a household.
 */
export function ipPrefix(address: string): string {
  if (!ipaddr.isValid(address)) return '';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') {
    const [a, b, c] = parsed.toByteArray();
    return `${a}.${b}.${c}.0/24`;
  }
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/48`);
  return `${network.toString()}/48`;
}
