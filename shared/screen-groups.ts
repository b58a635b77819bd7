/**
 * Which chunk of screens a page path needs, by its first segment after the language. The build
 * writes a page shell per language and group that preloads the group's chunk, and the portal
 * picks the shell by path. A path not listed here gets the entry shell (login).
 */
export const SCREEN_GROUPS = {
  visitor: [
    'auth',
    'confirm-subscription',
    'error',
    'forgot-password',
    'logout',
    'not-me',
    'notice-password-unchanged',
    'password-changed',
    'password-reset-link-expired',
    'redirect-page',
    'referer',
    'register',
    'resend-verify-mail',
    'reset-password',
    'social-login',
    'verify-your-email-address',
  ],
  member: ['change-password', 'choosing-preferring', 'my-account', 'notice-please-change-password', 'site-consent'],
} as const;

export type ScreenGroup = keyof typeof SCREEN_GROUPS;

/** The first segment of every page path after the language: login (the entry screen) and the grouped screens. */
export const PAGE_SEGMENTS: ReadonlySet<string> = new Set(['login', ...SCREEN_GROUPS.visitor, ...SCREEN_GROUPS.member]);
