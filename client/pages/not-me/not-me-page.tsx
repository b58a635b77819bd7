import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { NOT_ME_LINK_VALID_DAYS } from '../../../shared/limits.ts';
import { Button } from '../../ui/button.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { disownEvent } from '../my-account/security-center-api.ts';

type State = 'asking' | 'busy' | 'secured' | 'failed';

const decoded = (value: string | undefined) => {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return '';
  }
};

/**
 * not-me/{eventId}/{token}, the "This wasn't me" of the new-device and connected-account mails:
 * says what it will do and asks once (a mail scanner following links must not sign the member
 * out), then ends every session, removes the ways in added since the member's own last sign-in
 * and mails a reset link. not-me/done is where My account's "This wasn't me" lands after the same action.
 */
export default function NotMePage() {
  const { t } = useTranslation();
  const params = useParams<{ eventId?: string; token?: string }>();
  const eventId = decoded(params.eventId);
  const token = decoded(params.token);
  const [state, setState] = useState<State>(eventId === 'done' ? 'secured' : 'asking');
  usePageTitle(
    state === 'secured' ? 'security.notMe.securedTitle' : state === 'failed' ? 'security.notMe.failedTitle' : 'security.notMe.title',
  );

  const secure = () => {
    setState('busy');
    disownEvent(eventId, token).then(
      (reply) => setState(reply.isSuccess ? 'secured' : 'failed'),
      () => setState('failed'),
    );
  };

  if (state === 'secured' || state === 'failed') {
    const secured = state === 'secured';
    return (
      <section className="card card--narrow stack not-me-page">
        <h1>{t(secured ? 'security.notMe.securedTitle' : 'security.notMe.failedTitle')}</h1>
        <p>{t(secured ? 'security.notMe.securedText' : 'security.notMe.failedText', { days: NOT_ME_LINK_VALID_DAYS })}</p>
        <Link href={secured ? '/login' : '/forgot-password'} className="button button--primary">
          {t(secured ? 'security.notMe.toLogin' : 'security.notMe.toForgotPassword')}
        </Link>
      </section>
    );
  }
  return (
    <section className="card card--narrow stack not-me-page">
      <h1>{t('security.notMe.title')}</h1>
      <p>{t('security.notMe.text')}</p>
      <Button busy={state === 'busy'} onClick={secure}>
        {t('security.notMe.confirm')}
      </Button>
    </section>
  );
}
