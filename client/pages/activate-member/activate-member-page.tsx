import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { ACTIVATION_REDIRECT_SECONDS } from '../../../shared/limits.ts';
import { ApiError } from '../../api/http.ts';
import { activate } from '../register/register-api.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { useLanguage } from '../../session/language-context.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { endsIn, useSecondsLeft } from '../../ui/countdown.ts';
import { refreshSessionState, useBackToSite, useLoginState } from '../../api/member.ts';
import {
  activationButton,
  activationOutcome,
  errorPagePath,
  isPortalPath,
  passFromLink,
  type ActivationOutcome,
} from './activation-outcome.ts';
import { SuccessMark } from '../../ui/success-mark.tsx';

function go(destination: string): void {
  if (isPortalPath(destination)) navigate(destination);
  else window.location.assign(destination);
}

function Activated({ outcome }: { outcome: Extract<ActivationOutcome, { kind: 'activated' }> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { destination } = outcome;
  const back = useBackToSite(outcome.returnUrl);
  const button = activationButton(outcome, back?.site, useLoginState() === true, lang);
  const [redirectAt] = useState(() => endsIn(ACTIVATION_REDIRECT_SECONDS));
  const remaining = useSecondsLeft(redirectAt);
  useEffect(() => {
    if (remaining === 0) go(destination);
  }, [remaining, destination]);
  return (
    <section className="card card--narrow stack activation-page">
      <SuccessMark />
      <h1>{t('activation.activate.successTitle')}</h1>
      <p>{t('activation.activate.successText')}</p>
      <p>{t('activation.activate.redirecting', { seconds: remaining })}</p>
      <Button onClick={() => go(button.to)}>{t(button.label, { site: 'site' in button ? button.site : undefined })}</Button>
    </section>
  );
}

/** The link from the verification mail: /auth/activate-member/{token}/{userId}/{pass}, or token and userId in the query. */
export default function ActivateMemberPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const params = useParams<{ token?: string; userId?: string; pass?: string }>();
  const query = useUrlSession();
  const token = params.token ?? query.token;
  const userId = params.userId ?? query.userId;
  const linkPass = passFromLink(params.pass ?? query.pass);
  const [outcome, setOutcome] = useState<Extract<ActivationOutcome, { kind: 'activated' }>>();
  // A token works once: the call must not repeat when effects run twice.
  const started = useRef(false);
  usePageTitle(outcome ? 'activation.activate.successTitle' : 'activation.activate.activating');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token || !userId) {
      navigate(errorPagePath(lang, userId, 'unauthorized'), { replace: true });
      return;
    }
    activate({ userId, token })
      .then(async (reply) => {
        const result = activationOutcome(reply, lang, userId, linkPass);
        if (result.kind === 'failed') return navigate(result.errorPath, { replace: true });
        // Proving the mailbox may start or end a session; the next screens must see which.
        await refreshSessionState();
        setOutcome(result);
      })
      .catch((error: unknown) => {
        const refused = error instanceof ApiError && error.kind === 'unauthorized';
        navigate(refused ? errorPagePath(lang, userId, 'unauthorized') : `/${lang}/error`, { replace: true });
      });
  }, [token, userId, lang, linkPass]);

  if (outcome) return <Activated outcome={outcome} />;
  return (
    <section className="card card--narrow stack activation-page">
      <h1 className="visually-hidden">{t('activation.activate.activating')}</h1>
      <Spinner label="activation.activate.activating" />
    </section>
  );
}
