/**
 * The screens of a signed-in member, loaded as one chunk when the first of them is shown.
 *
 * Importing the routes, which are loaded by then, places every module the entry chunk uses in
 * that chunk rather than in small chunks shared with this one (scripts/build-client.ts).
 */
import '../routes.tsx';

export { default as ChangePasswordPage } from '../pages/change-password/change-password-page.tsx';
export { default as ChoosingPreferringPage } from '../pages/choosing-preferring/choosing-preferring-page.tsx';
export { default as MyAccountPage } from '../pages/my-account/my-account-page.tsx';
export { default as NoticePleaseChangePasswordPage } from '../pages/notice-please-change-password/notice-please-change-password-page.tsx';
