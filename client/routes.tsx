import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { languageTag } from '../shared/language-tag.ts';
import { isLanguage, languageOfSegment, negotiateLanguage, type Language } from '../shared/languages.ts';
import { RequestDefaults } from './api/request-defaults.tsx';
import { Spinner } from './ui/spinner.tsx';
import { activateLanguage, isLanguageReady } from './i18n.ts';
import { Layout } from './layout/layout.tsx';
import LoginPage from './pages/login/login-page.tsx';
import NotFoundPage from './pages/not-found/not-found-page.tsx';
import { lazyScreen } from './screens/lazy-screens.ts';
import { TakeOver } from './screens/take-over.tsx';
import { LanguageContext } from './session/language-context.ts';
import { MemberOnly, PasswordChangeFirst } from './session/route-guards.tsx';

// Login is in the entry chunk; the other screens come in two chunks (client/screens/).
const LogoutPage = lazyScreen('visitor', 'LogoutPage');
const RefererPage = lazyScreen('visitor', 'RefererPage');
const RegisterPage = lazyScreen('visitor', 'RegisterPage');
const VerifyYourEmailAddressPage = lazyScreen('visitor', 'VerifyYourEmailAddressPage');
const ResendVerifyMailPage = lazyScreen('visitor', 'ResendVerifyMailPage');
const ActivateMemberPage = lazyScreen('visitor', 'ActivateMemberPage');
const RedirectPage = lazyScreen('visitor', 'RedirectPage');
const ErrorPage = lazyScreen('visitor', 'ErrorPage');
const SocialLoginPage = lazyScreen('visitor', 'SocialLoginPage');
const ConfirmSubscriptionPage = lazyScreen('visitor', 'ConfirmSubscriptionPage');
const ForgotPasswordPage = lazyScreen('visitor', 'ForgotPasswordPage');
const ResetPasswordPage = lazyScreen('visitor', 'ResetPasswordPage');
const PasswordResetLinkExpiredPage = lazyScreen('visitor', 'PasswordResetLinkExpiredPage');
const VerifyEmailPage = lazyScreen('visitor', 'VerifyEmailPage');
const PasswordChangedPage = lazyScreen('visitor', 'PasswordChangedPage');
const NoticePasswordUnchangedPage = lazyScreen('visitor', 'NoticePasswordUnchangedPage');
const NotMePage = lazyScreen('visitor', 'NotMePage');
const MyAccountPage = lazyScreen('member', 'MyAccountPage');
const ChoosingPreferringPage = lazyScreen('member', 'ChoosingPreferringPage');
const ChangePasswordPage = lazyScreen('member', 'ChangePasswordPage');
const NoticePleaseChangePasswordPage = lazyScreen('member', 'NoticePleaseChangePasswordPage');
const SiteConsentPage = lazyScreen('member', 'SiteConsentPage');

/**
 * Screens under '/{lang}/'; '/{lang}' alone goes to login with its query string, any other
 * path is not found (the server answers it 404). Member-only screens send a visitor who is
 * not signed in to login.
 */
function PageRoutes() {
  return (
    <Suspense fallback={<Spinner />}>
      <TakeOver>
        <Switch>
          <Route path="/login" component={LoginPage} />
          <Route path="/logout" component={LogoutPage} />
          <Route path="/referer" component={RefererPage} />
          <Route path="/referer/:action/:seq/:tempid" component={RefererPage} />
          <Route path="/my-account">
            <MemberOnly>
              <MyAccountPage />
            </MemberOnly>
          </Route>
          <Route path="/register" component={RegisterPage} />
          <Route path="/verify-your-email-address" component={VerifyYourEmailAddressPage} />
          <Route path="/resend-verify-mail" component={ResendVerifyMailPage} />
          <Route path="/auth/activate-member" component={ActivateMemberPage} />
          <Route path="/auth/activate-member/:token/:userId/:pass" component={ActivateMemberPage} />
          <Route path="/redirect-page" component={RedirectPage} />
          <Route path="/error" component={ErrorPage} />
          <Route path="/choosing-preferring">
            <MemberOnly>
              <ChoosingPreferringPage />
            </MemberOnly>
          </Route>
          <Route path="/social-login" component={SocialLoginPage} />
          <Route path="/confirm-subscription" component={ConfirmSubscriptionPage} />
          <Route path="/forgot-password" component={ForgotPasswordPage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route path="/password-reset-link-expired" component={PasswordResetLinkExpiredPage} />
          <Route path="/auth/verify-email" component={VerifyEmailPage} />
          <Route path="/auth/verify-email/:token/:userId" component={VerifyEmailPage} />
          <Route path="/change-password" component={ChangePasswordPage} />
          <Route path="/notice-please-change-password" component={NoticePleaseChangePasswordPage} />
          <Route path="/site-consent/:uid">
            <MemberOnly>
              <SiteConsentPage />
            </MemberOnly>
          </Route>
          <Route path="/password-changed" component={PasswordChangedPage} />
          <Route path="/notice-password-unchanged/:seq/:pass/:tempid" component={NoticePasswordUnchangedPage} />
          <Route path="/not-me/:eventId" component={NotMePage} />
          <Route path="/not-me/:eventId/:token" component={NotMePage} />
          <Route path="/">
            <Redirect to={`/login${window.location.search}`} replace />
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </TakeOver>
    </Suspense>
  );
}

/** Loads the language's resources and keeps <html lang> in step with the route. */
function LanguageRoot({ lang, children }: { lang: Language; children: ReactNode }) {
  // Already loaded (main.tsx waits for it under a prerendered screen): no spinner in between.
  const [ready, setReady] = useState(() => isLanguageReady(lang));
  useEffect(() => {
    let current = true;
    activateLanguage(lang).then(
      () => {
        if (!current) return;
        document.documentElement.lang = languageTag(lang);
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

/**
 * '/{lang}/...': a miscased, bare or foreign language code is replaced (es -> es-es, fr -> the
 * browser's language), keeping the rest; a first segment that is no language at all
 * (/favicon.ico) is not found, told in the browser's language.
 */
function LocalisedApp() {
  const params = useParams<{ lang: string }>();
  const [rest] = useLocation();
  if (!isLanguage(params.lang)) {
    const preferences = navigator.languages ?? [];
    const meant = languageOfSegment(params.lang, preferences);
    if (meant) return <Redirect to={`~/${meant}${rest === '/' ? '' : rest}${window.location.search}`} replace />;
    return (
      <LanguageRoot lang={negotiateLanguage(preferences)}>
        <Layout>
          <NotFoundPage />
        </Layout>
      </LanguageRoot>
    );
  }
  const lang = params.lang;
  return (
    <LanguageRoot lang={lang}>
      <Layout>
        <PasswordChangeFirst>
          <PageRoutes />
        </PasswordChangeFirst>
      </Layout>
    </LanguageRoot>
  );
}

export function AppRoutes() {
  return (
    <RequestDefaults>
      <Switch>
        <Route path="/:lang" nest>
          <LocalisedApp />
        </Route>
        <Route>
          <Redirect to={`/${negotiateLanguage(navigator.languages ?? [])}/login${window.location.search}`} replace />
        </Route>
      </Switch>
    </RequestDefaults>
  );
}
