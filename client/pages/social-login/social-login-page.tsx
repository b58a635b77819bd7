import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { useLocation } from 'wouter';
import { ApiError } from '../../api/http.ts';
import { IS_LOGIN_PATH, MEMBER_PATH } from '../../api/member.ts';
import { forgetPendingSocialSignIn, readPendingSocialSignIn } from '../../components/social/social-api.ts';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { toastError, toastSuccess } from '../../state/toasts.ts';
import { finishSocialSignIn, type SocialOutcome } from './social-login-outcome.ts';

/** /{lang}/social-login: where every provider sends the browser back (spec: Social login callback). */
export default function SocialLoginPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const started = useRef(false);
  usePageTitle('social.callbackTitle');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = readPendingSocialSignIn();
    forgetPendingSocialSignIn();
    finishSocialSignIn(new URLSearchParams(window.location.search), pending)
      .catch((error: unknown): SocialOutcome => ({
        go: 'page',
        path: '/login',
        error: { code: error instanceof ApiError && error.kind === 'network' ? 'network' : 'SocialProfileError' },
      }))
      .then(async (outcome) => {
        if (outcome.go === 'external') {
          window.location.assign(outcome.url);
          return;
        }
        // The sign-in state and the member's links may have changed since the header read them.
        await Promise.all([mutate(IS_LOGIN_PATH), mutate(MEMBER_PATH)]);
        if (outcome.error) toastError({ messageKey: `error.${outcome.error.code}`, text: outcome.error.title });
        if (outcome.success) toastSuccess(outcome.success);
        navigate(outcome.path, { replace: true });
      });
  }, [navigate]);

  return (
    <section className="card card--narrow" aria-busy="true">
      <h1 className="visually-hidden">{t('social.callbackTitle')}</h1>
      <Spinner />
    </section>
  );
}
