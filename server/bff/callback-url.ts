import type { Language } from '../../shared/languages.ts';

export interface CallbackPolicy {
  /** The portal's own origin, e.g. https://member.example.com. */
  publicOrigin: string;
  /**
   * Lowercased ALLOWED_CALLBACK_HOSTS entries: a host (`shop.example.com`), a host with a port
   * (`shop.example.com:8443`, that port only) or an origin naming its scheme (`http://localhost:8080`).
   */
  allowedHosts: readonly string[];
  /** Names of company sites by their allow-list entry (CALLBACK_SITE_NAMES). */
  siteNames?: Readonly<Record<string, string>>;
}

// Control characters, whitespace and backslashes have no place in a URL we hand back; browsers
// strip or reinterpret them in ways that turn a harmless-looking value into another host.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\\\u2028\u2029]/;
const ABSOLUTE_HTTP = /^https?:\/\/[^/]/i;
const ORIGIN_ENTRY = /^https?:\/\//;
const MAX_LENGTH = 2048;

/**
 * The login form sends `returnUrl` URL-encoded (spec section 3) while links carry it plain: a
 * value that is neither an absolute URL nor a path is decoded once, never more.
 */
function decodedOnce(raw: string): string | undefined {
  if (raw.startsWith('/') || ABSOLUTE_HTTP.test(raw)) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** Decodes until nothing changes, to see what a browser or a later hop might make of the value. */
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

function originOfEntry(entry: string): string | undefined {
  try {
    return new URL(entry).origin;
  } catch {
    return undefined;
  }
}

/** An entry without a scheme allows every scheme; with a port, that port only. */
function matchesEntry(url: URL, entry: string): boolean {
  if (ORIGIN_ENTRY.test(entry)) return url.origin === originOfEntry(entry);
  return entry.includes(':') ? url.host === entry : url.hostname === entry;
}

function isAllowedHost(url: URL, policy: CallbackPolicy): boolean {
  if (url.host === new URL(policy.publicOrigin).host) return true;
  return policy.allowedHosts.some((entry) => matchesEntry(url, entry));
}

const PATH_BASE = 'http://portal.invalid';

/** The path a URL parser makes of `path` (dot segments resolved, `%2e` read as `.`); undefined when it leaves the portal. */
function resolvedPath(path: string): string | undefined {
  let url: URL;
  try {
    url = new URL(path, PATH_BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== PATH_BASE || url.pathname.startsWith('//')) return undefined;
  return url.pathname + url.search + url.hash;
}

/**
 * A path on the portal, returned in the form a URL parser gives it: `/..//evil.example` and
 * `/%2e%2e//evil.example` resolve to `//evil.example`, which the browser (or anyone appending
 * parameters through `new URL`) would take for another host. The fully decoded form is checked
 * too, for a later hop that decodes once more.
 */
function normalisedPath(value: string, decoded: string): string | undefined {
  if (value.startsWith('//') || decoded.startsWith('//')) return undefined;
  if (resolvedPath(decoded) === undefined) return undefined;
  return resolvedPath(value);
}

/**
 * Decides whether a callback or return URL may be sent back to the browser: an absolute http(s)
 * URL on the portal's host or an allowed host, or a path on the portal starting with one '/'
 * (returned with its dot segments resolved). A percent-encoded value is decoded once first. Returns the URL to use, or undefined when it
 * is not allowed.
 */
export function allowedCallbackUrl(raw: unknown, policy: CallbackPolicy): string | undefined {
  if (typeof raw !== 'string' || raw === '' || raw.length > MAX_LENGTH) return undefined;
  const value = decodedOnce(raw);
  if (value === undefined || value === '') return undefined;
  const decoded = decodeFully(value);
  if (decoded === undefined || UNSAFE_CHARACTERS.test(value) || UNSAFE_CHARACTERS.test(decoded)) return undefined;

  if (value.startsWith('/')) return normalisedPath(value, decoded);
  if (!ABSOLUTE_HTTP.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '') return undefined;
  return isAllowedHost(url, policy) ? url.href : undefined;
}

/**
 * A sign-in ticket (`id`, `tempid`) is a bearer credential: it may travel only to `https` on the
 * default port of an allowed host, or to an origin an entry names with its scheme (and port).
 * `url` is a URL allowedCallbackUrl returned.
 */
export function mayCarryTicket(url: string, policy: CallbackPolicy): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return policy.allowedHosts.some((entry) =>
    ORIGIN_ENTRY.test(entry)
      ? parsed.origin === originOfEntry(entry)
      : parsed.protocol === 'https:' && parsed.port === '' && parsed.hostname === entry,
  );
}

/**
 * The name a member knows the site of an allowed URL by ("Shop"): its entry's name in
 * CALLBACK_SITE_NAMES, else its host. `url` is a URL allowedCallbackUrl returned.
 */
export function siteNameOf(url: string, policy: CallbackPolicy): string {
  const parsed = new URL(url, policy.publicOrigin);
  const entry = policy.allowedHosts.find((candidate) => matchesEntry(parsed, candidate));
  return (entry && policy.siteNames?.[entry]) || parsed.host;
}

/** Whether a URL the portal sent a member to is one an ALLOWED_CALLBACK_HOSTS-style entry covers. */
export function urlMatchesEntry(url: string, entry: string): boolean {
  try {
    return matchesEntry(new URL(url), entry);
  } catch {
    return false;
  }
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

function defaultLandingPath(lang: Language): string {
  return `/${lang}/my-account`;
}

/** The URL to send the browser to: the callback when allowed, otherwise `fallback` (My account by default). */
export function safeRedirectUrl(raw: unknown, policy: CallbackPolicy, lang: Language, fallback = defaultLandingPath(lang)): string {
  return allowedCallbackUrl(raw, policy) ?? fallback;
}
