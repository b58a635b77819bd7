/**
 * What an attacker puts into free text so that it misleads in mails, exports and on company
 * sites: line breaks for header or CSV injection, NUL, a right-to-left override that turns
 * 'fdp.exe' into 'exe.pdf', invisible text that satisfies "required" and ASCII hidden in tags.
 */
export const HOSTILE_TEXT: ReadonlyArray<readonly [string, string]> = [
  ['NUL', 'Ada\u0000'],
  ['CR/LF', 'Ada\r\nBcc: mallory@example.com'],
  ['right-to-left override', 'Ada\u202Efdp.exe'],
  ['bidi isolate', 'Ada\u2067x\u2069'],
  ['zero-width space alone', '\u200B'],
  ['Hangul filler alone', '\u3164'],
  ['hidden tag text', 'Ada\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}'],
];

/** Real text that must keep working: CJK, Korean, Spanish accents, apostrophes, hyphens, emoji. */
export const LEGIT_NAMES = {
  firstName: 'José-María',
  lastName: "O'Brien Núñez",
  companyName: '株式会社 山田　👩🏽‍💻 Labs',
} as const;

export const KOREAN_NAMES = { firstName: '민준', lastName: '김', companyName: '한빛 주식회사 🚀' } as const;

/** Sets a value at a dotted path ('memberExtension.utmSource') in a copy of the payload. */
export function withValue(payload: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  const copy = { ...payload };
  copy[head!] = rest.length === 0 ? value : withValue({ ...((payload[head!] as Record<string, unknown>) ?? {}) }, rest.join('.'), value);
  return copy;
}
