import { isIP } from 'node:net';

/** proxy-addr's names for the loopback, link-local and private ranges, allowed as entries too. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export const TRUST_PROXY_TRUE_REFUSED =
  "'true' would trust every X-Forwarded-For entry, so a visitor could choose the address that per-IP limits see. " +
  'Set the number of proxies in front of the portal (1 behind one load balancer) or their addresses or CIDR ranges, comma-separated';

/** An entry of TRUST_PROXY's list: an IPv4/IPv6 address, a CIDR range of one, or a proxy-addr range name. */
export function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^[0-9]{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
