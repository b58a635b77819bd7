import type { Language } from '../../shared/languages.ts';

export interface CallbackPolicy {
  /** The portal's own origin, e.g. https://member.example.com. */
  publicOrigin: string;
  /** Lowercased hosts; an entry with a port matches that port only. */
  allowedHosts: readonly string[];
}

// Control characters, whitespace and backslashes have no place in a URL we hand back; browsers
// strip or reinterpret them in ways that turn a harmless-looking value into another host.
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\\\u2028\u2029]/;
const ABSOLUTE_HTTP = /^https?:\/\/[^/]/i;

function decodeFully(value: string): string | undefined {
  let current = value;
  for (let i = 0; i < 5; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  return undefined;
}

function isAllowedHost(url: URL, policy: CallbackPolicy): boolean {
  const own = new URL(policy.publicOrigin);
  if (url.host === own.host) return true;
  return policy.allowedHosts.some((entry) => (entry.includes(':') ? url.host === entry : url.hostname === entry));
}

/**
 * Decides whether a callback or return URL may be sent back to the browser: an absolute http(s)
 * URL on the portal's host or an allowed host, or a path on the portal starting with one '/'.
 * Returns the URL to use, or undefined when it is not allowed.
 */
export function allowedCallbackUrl(raw: unknown, policy: CallbackPolicy): string | undefined {
  if (typeof raw !== 'string' || raw === '' || raw.length > 2048) return undefined;
  const decoded = decodeFully(raw);
  if (decoded === undefined || UNSAFE_CHARACTERS.test(raw) || UNSAFE_CHARACTERS.test(decoded)) return undefined;

  if (raw.startsWith('/')) {
    if (raw.startsWith('//') || decoded.startsWith('//')) return undefined;
    return raw;
  }
  if (!ABSOLUTE_HTTP.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '') return undefined;
  return isAllowedHost(url, policy) ? url.href : undefined;
}

/**
 * True for an allowed URL that stays on the portal (a path, or the portal's own origin): a
 * destination the member service need not know about and no company site ticket is issued for.
 */
export function isPortalUrl(url: string, policy: CallbackPolicy): boolean {
  if (url.startsWith('/')) return true;
  try {
    return new URL(url).origin === new URL(policy.publicOrigin).origin;
  } catch {
    return false;
  }
}

export function defaultLandingPath(lang: Language): string {
  return `/${lang}/my-account`;
}

/** The URL to send the browser to: the callback when allowed, otherwise `fallback` (My account by default). */
export function safeRedirectUrl(raw: unknown, policy: CallbackPolicy, lang: Language, fallback = defaultLandingPath(lang)): string {
  return allowedCallbackUrl(raw, policy) ?? fallback;
}
