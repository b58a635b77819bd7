/**
 * The screens a visitor reaches around signing in and registering, loaded as one chunk when the
 * first of them is shown (the login screen itself is part of the entry chunk).
 *
 * Importing the app's frame, which has run by then, places every module the entry and these
 * screens share in one chunk, rather than in small chunks (scripts/build-client.ts). Each export
 * is a screen of the table of screens (shared/screens.ts).
 */
import '../app-shell.tsx';

/** How the swr reads of these screens behave (the entry has none: api/shared-reads.ts). */
export { RequestDefaults } from '../api/request-defaults.tsx';

export { default as ActivateMemberPage } from '../pages/activate-member/activate-member-page.tsx';
export { default as ConfirmSubscriptionPage } from '../pages/confirm-subscription/confirm-subscription-page.tsx';
export { default as ErrorPage } from '../pages/error/error-page.tsx';
export { default as ForgotPasswordPage } from '../pages/forgot-password/forgot-password-page.tsx';
export { default as LogoutPage } from '../pages/logout/logout-page.tsx';
export { default as NoticePasswordUnchangedPage } from '../pages/notice-password-unchanged/notice-password-unchanged-page.tsx';
export { default as NotMePage } from '../pages/not-me/not-me-page.tsx';
export { default as PasswordChangedPage } from '../pages/password-changed/password-changed-page.tsx';
export { default as PasswordResetLinkExpiredPage } from '../pages/password-reset-link-expired/password-reset-link-expired-page.tsx';
export { default as RedirectPage } from '../pages/redirect-page/redirect-page.tsx';
export { default as RefererPage } from '../pages/referer/referer-page.tsx';
export { default as RegisterPage } from '../pages/register/register-page.tsx';
export { default as ResendVerifyMailPage } from '../pages/resend-verify-mail/resend-verify-mail-page.tsx';
export { default as ResetPasswordPage } from '../pages/reset-password/reset-password-page.tsx';
export { default as SocialLoginPage } from '../pages/social-login/social-login-page.tsx';
export { default as VerifyEmailPage } from '../pages/verify-email/verify-email-page.tsx';
export { default as VerifyYourEmailAddressPage } from '../pages/verify-your-email-address/verify-your-email-address-page.tsx';
