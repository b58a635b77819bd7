/**
 * The screens of a signed-in member, loaded as one chunk when the first of them is shown.
 *
 * Importing the app's frame, which has run by then, places every module the entry and these
 * screens share in one chunk, rather than in small chunks (scripts/build-client.ts). Each export
 * is a screen of the table of screens (shared/screens.ts).
 */
import '../app-shell.tsx';

/** How the swr reads of these screens behave (the entry has none: api/shared-reads.ts). */
export { RequestDefaults } from '../api/request-defaults.tsx';

export { default as ChangePasswordPage } from '../pages/change-password/change-password-page.tsx';
export { default as ChoosingPreferringPage } from '../pages/choosing-preferring/choosing-preferring-page.tsx';
export { default as MyAccountPage } from '../pages/my-account/my-account-page.tsx';
export { default as NoticePleaseChangePasswordPage } from '../pages/notice-please-change-password/notice-please-change-password-page.tsx';
export { default as SiteConsentPage } from '../pages/site-consent/site-consent-page.tsx';
