import Bowser from 'bowser';
import ipaddr from 'ipaddr.js';

/**
 * Names bowser knows for itself (its maps), not ones it read out of the user agent: for an agent
 * it does not recognise it falls back to the agent's first token, which is whatever the sender
 * wrote ("Call IT support now +1-800-555-0199 to unlock"), and that text would be shown to the
 * member in the activity list and the new-device mail. 'Generic' is its name for not knowing.
 */
const KNOWN_BROWSERS: ReadonlySet<string> = new Set(Object.values(Bowser.BROWSER_MAP).filter((name) => name !== 'Generic'));
const KNOWN_SYSTEMS: ReadonlySet<string> = new Set(Object.values(Bowser.OS_MAP));
/** Versions as numbers only ("131", "17.5"), and the system version names bowser maps (XP, Vista, 10, Sonoma…). */
const VERSION = /^[0-9]{1,6}(\.[0-9]{1,6}){0,2}$/;
const VERSION_NAME = /^[A-Za-z0-9][A-Za-z0-9 .]{0,19}$/;

function browserText(browser: { name?: string; version?: string }): string {
  if (!browser.name || !KNOWN_BROWSERS.has(browser.name)) return '';
  const major = browser.version?.split('.')[0];
  return major && VERSION.test(major) ? `${browser.name} ${major}` : browser.name;
}

function systemText(os: { name?: string; version?: string; versionName?: string }): string {
  if (!os.name || !KNOWN_SYSTEMS.has(os.name)) return '';
  const version = os.versionName && VERSION_NAME.test(os.versionName) ? os.versionName : os.version;
  return version && (VERSION.test(version) || version === os.versionName) ? `${os.name} ${version}` : os.name;
}

/**
 * Browser and operating system as the user agent names them, e.g. "Chrome 131 · Windows 10",
 * from names the parser knows only; '' when it knows neither (shown as "Unknown device").
 */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const parser = Bowser.getParser(userAgent);
  return [browserText(parser.getBrowser()), systemText(parser.getOS())].filter(Boolean).join(' · ').slice(0, 120);
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
