import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ApiError } from '../../api/http.ts';
import { forgetPendingSocialSignIn, readPendingSocialSignIn } from '../../features/social/social-api.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { continueAfterSignIn } from '../../session/after-sign-in.ts';
import { refreshSessionState } from '../../api/member.ts';
import { useLanguage } from '../../session/language-context.ts';
import { toastError, toastSuccess } from '../../state/toasts.ts';
import { finishSocialSignIn, type SocialOutcome } from './social-login-outcome.ts';

/** /{lang}/social-login: where every provider sends the browser back (spec: Social login callback). */
export default function SocialLoginPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [, navigate] = useLocation();
  const started = useRef(false);
  usePageTitle('social.callbackTitle');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = readPendingSocialSignIn();
    forgetPendingSocialSignIn();
    finishSocialSignIn(new URLSearchParams(window.location.search), pending, lang)
      .catch((error: unknown): SocialOutcome => ({
        go: 'page',
        path: '/login',
        error: { code: error instanceof ApiError && error.kind === 'network' ? 'network' : 'SocialProfileError' },
      }))
      .then(async (outcome) => {
        if (outcome.go === 'signedIn') return continueAfterSignIn(outcome.outcome, outcome.queryString, { replace: true });
        // The member's links may have changed since the header read them.
        await refreshSessionState();
        if (outcome.error) toastError({ messageKey: `error.${outcome.error.code}`, text: outcome.error.title });
        if (outcome.success) toastSuccess(outcome.success);
        navigate(outcome.path, { replace: true });
      });
  }, [navigate, lang]);

  return (
    <section className="card card--narrow" aria-busy="true">
      <h1 className="visually-hidden">{t('social.callbackTitle')}</h1>
      <Spinner />
    </section>
  );
}
