import { SECRET_PAGE_SEGMENTS } from '../../shared/screens.ts';

/** How a logged path or a span's URL hides what a path may carry; the log (bff/logger.ts) and traces share it. */

export const MASK = '[redacted]';

/**
 * Path segments after which every segment is a live secret: the pages that carry a token, ticket
 * or pass in their path (the table of screens marks them) and the API path that carries the reset
 * token. Lowercase.
 */
export const SECRET_TAIL_AFTER = new Set([
  ...SECRET_PAGE_SEGMENTS,
  'checkresetpwdtokenisexpired',
  // The OpenID Provider's interaction and resume paths carry the interaction's id.
  'interaction',
  'oidc/auth',
]);

function decodedOrAsIs(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A URL as the log may show it: the path without its query (queries carry callback URLs,
 * tickets and codes), read percent-decoded so that no spelling hides a token, and every
 * segment after a token-carrying page masked.
 */
export function logSafePath(url: string): string {
  const path = decodedOrAsIs(url.split(/[?#]/, 1)[0] ?? '');
  const segments = path.split('/');
  const at = segments.findIndex(
    (segment, i) =>
      SECRET_TAIL_AFTER.has(segment.toLowerCase()) || SECRET_TAIL_AFTER.has(`${segments[i - 1] ?? ''}/${segment}`.toLowerCase()),
  );
  if (at === -1) return path;
  return [...segments.slice(0, at + 1), ...segments.slice(at + 1).map((segment) => (segment === '' ? segment : MASK))].join('/');
}
