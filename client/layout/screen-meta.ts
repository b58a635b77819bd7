/**
 * What a screen tells browsers, search engines and link previews before and after the app runs:
 * its title (the screen's heading key) and its description, by the first path segment after
 * the language. The page shells carry them (scripts/client-shell.ts), and the app keeps them in
 * step as the member moves on (layout/page-title.ts). Screens reached only through a mail's link
 * or a sign-in step keep the portal's name alone and stay out of search indexes.
 */
export interface ScreenMeta {
  /** Translation key of the screen's name in the title. */
  title?: string;
  /** Translation key of the meta description; common.meta.description otherwise. */
  description?: string;
  /** Not for search engines: a member's own pages, one-time links, steps of a sign-in. */
  noindex?: boolean;
}

export const SCREEN_META: Readonly<Record<string, ScreenMeta>> = {
  login: { title: 'login.title', description: 'common.meta.login' },
  register: { title: 'register.title', description: 'common.meta.register' },
  'forgot-password': { title: 'password.forgot.title', description: 'common.meta.forgotPassword' },
  'resend-verify-mail': { title: 'activation.resend.title' },
  'verify-your-email-address': { title: 'activation.verify.title', noindex: true },
  'reset-password': { title: 'password.sent.title', noindex: true },
  'password-reset-link-expired': { title: 'password.expired.title', noindex: true },
  'password-changed': { title: 'password.changed.title', noindex: true },
  'confirm-subscription': { title: 'subscription.title', noindex: true },
  'my-account': { title: 'account.title', noindex: true },
  'change-password': { title: 'password.change.title', noindex: true },
  'choosing-preferring': { title: 'preferring.title', noindex: true },
  'notice-please-change-password': { title: 'password.reminder.title', noindex: true },
  'site-consent': { title: 'oidc.consent.heading', noindex: true },
  'not-found': { title: 'common.notFound.title', noindex: true },
};

/** Every other screen (sign-in steps, one-time links): the portal's name, out of indexes. */
export const OTHER_SCREEN: ScreenMeta = { noindex: true };

/** The document title: the screen's name, then the portal's ("Sign in · Member Portal"). */
export const documentTitle = (screen: string | undefined, brand: string) => (screen ? `${screen} · ${brand}` : brand);
