import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { negotiateLanguage, toLanguage, type Language } from '../shared/languages.ts';
import { Spinner } from './components/spinner.tsx';
import { activateLanguage } from './i18n.ts';
import { Layout } from './layout/layout.tsx';
import { LanguageContext } from './session/language-context.ts';

const LoginPage = lazy(() => import('./pages/login/login-page.tsx'));
const LogoutPage = lazy(() => import('./pages/logout/logout-page.tsx'));
const RefererPage = lazy(() => import('./pages/referer/referer-page.tsx'));
const MyAccountPage = lazy(() => import('./pages/my-account/my-account-page.tsx'));
const RegisterPage = lazy(() => import('./pages/register/register-page.tsx'));
const VerifyYourEmailAddressPage = lazy(() => import('./pages/verify-your-email-address/verify-your-email-address-page.tsx'));
const ResendVerifyMailPage = lazy(() => import('./pages/resend-verify-mail/resend-verify-mail-page.tsx'));
const ActivateMemberPage = lazy(() => import('./pages/activate-member/activate-member-page.tsx'));
const RedirectPage = lazy(() => import('./pages/redirect-page/redirect-page.tsx'));
const ErrorPage = lazy(() => import('./pages/error/error-page.tsx'));
const ChoosingPreferringPage = lazy(() => import('./pages/choosing-preferring/choosing-preferring-page.tsx'));
const SocialLoginPage = lazy(() => import('./pages/social-login/social-login-page.tsx'));
const ConfirmSubscriptionPage = lazy(() => import('./pages/confirm-subscription/confirm-subscription-page.tsx'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password/forgot-password-page.tsx'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password/reset-password-page.tsx'));
const PasswordResetLinkExpiredPage = lazy(() => import('./pages/password-reset-link-expired/password-reset-link-expired-page.tsx'));
const VerifyEmailPage = lazy(() => import('./pages/verify-email/verify-email-page.tsx'));
const ChangePasswordPage = lazy(() => import('./pages/change-password/change-password-page.tsx'));
const NoticePleaseChangePasswordPage = lazy(() => import('./pages/notice-please-change-password/notice-please-change-password-page.tsx'));
const PasswordChangedPage = lazy(() => import('./pages/password-changed/password-changed-page.tsx'));
const NoticePasswordUnchangedPage = lazy(() => import('./pages/notice-password-unchanged/notice-password-unchanged-page.tsx'));

/** Screens under '/{lang}/'; any other path goes to login with its query string. */
function PageRoutes() {
  return (
    <Suspense fallback={<Spinner />}>
      <Switch>
        <Route path="/login" component={LoginPage} />
        <Route path="/logout" component={LogoutPage} />
        <Route path="/referer" component={RefererPage} />
        <Route path="/referer/:action/:seq/:tempid" component={RefererPage} />
        <Route path="/my-account" component={MyAccountPage} />
        <Route path="/register" component={RegisterPage} />
        <Route path="/verify-your-email-address" component={VerifyYourEmailAddressPage} />
        <Route path="/resend-verify-mail" component={ResendVerifyMailPage} />
        <Route path="/auth/activate-member" component={ActivateMemberPage} />
        <Route path="/auth/activate-member/:token/:userId/:pass" component={ActivateMemberPage} />
        <Route path="/redirect-page" component={RedirectPage} />
        <Route path="/error" component={ErrorPage} />
        <Route path="/choosing-preferring" component={ChoosingPreferringPage} />
        <Route path="/social-login" component={SocialLoginPage} />
        <Route path="/confirm-subscription" component={ConfirmSubscriptionPage} />
        <Route path="/forgot-password" component={ForgotPasswordPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/password-reset-link-expired" component={PasswordResetLinkExpiredPage} />
        <Route path="/auth/verify-email" component={VerifyEmailPage} />
        <Route path="/auth/verify-email/:token/:userId" component={VerifyEmailPage} />
        <Route path="/change-password" component={ChangePasswordPage} />
        <Route path="/notice-please-change-password" component={NoticePleaseChangePasswordPage} />
        <Route path="/password-changed" component={PasswordChangedPage} />
        <Route path="/notice-password-unchanged/:seq/:pass/:tempid" component={NoticePasswordUnchangedPage} />
        <Route>
          <Redirect to={`/login${window.location.search}`} replace />
        </Route>
      </Switch>
    </Suspense>
  );
}

/** Loads the language's resources and keeps <html lang> in step with the route. */
function LanguageRoot({ lang, children }: { lang: Language; children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let current = true;
    activateLanguage(lang).then(
      () => {
        if (!current) return;
        document.documentElement.lang = lang;
        setReady(true);
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, [lang]);
  if (!ready) return <Spinner />;
  return <LanguageContext.Provider value={lang}>{children}</LanguageContext.Provider>;
}

/** '/{lang}/...': an unknown or miscased locale is replaced (unknown -> en), keeping the rest. */
function LocalisedApp() {
  const params = useParams<{ lang: string }>();
  const [rest] = useLocation();
  const lang = toLanguage(params.lang);
  if (params.lang !== lang) return <Redirect to={`~/${lang}${rest === '/' ? '' : rest}${window.location.search}`} replace />;
  return (
    <LanguageRoot lang={lang}>
      <Layout>
        <PageRoutes />
      </Layout>
    </LanguageRoot>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/:lang" nest>
        <LocalisedApp />
      </Route>
      <Route>
        <Redirect to={`/${negotiateLanguage(navigator.languages ?? [])}/login${window.location.search}`} replace />
      </Route>
    </Switch>
  );
}
