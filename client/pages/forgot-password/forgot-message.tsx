import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../ui/button.tsx';
import { useUrlSession } from '../../session/use-url-session.ts';
import { useResend } from '../../features/verification/use-resend.ts';
import type { ForgotOutcome } from './forgot-outcome.ts';

export interface ForgotMessageProps {
  outcome: Exclude<ForgotOutcome, { kind: 'sent' }>;
  email: string;
  /** Clears the e-mail field and puts the focus there. */
  onTryAnother: () => void;
}

/** The explanation of a refused request, with what the visitor can do next. */
export function ForgotMessage({ outcome, email, onTryAnother }: ForgotMessageProps) {
  const { t } = useTranslation();
  const { queryString } = useUrlSession();
  const { send, sending } = useResend();
  const [verificationSent, setVerificationSent] = useState(false);

  return (
    <div className="alert alert--error stack forgot-message" role="alert">
      {outcome.kind === 'notfound' && (
        <>
          <p>{t('password.forgot.notFound')}</p>
          <p className="actions">
            <Link href={`/register${queryString}`} className="button button--primary">
              {t('password.forgot.createAccount')}
            </Link>
            <Button variant="secondary" onClick={onTryAnother}>
              {t('password.forgot.tryAnother')}
            </Button>
          </p>
        </>
      )}
      {outcome.kind === 'unverified' && (
        <>
          <p>{t('password.forgot.unverified')}</p>
          {verificationSent ? (
            <p role="status">{t('password.forgot.verificationSent')}</p>
          ) : (
            <Button variant="secondary" busy={sending} onClick={async () => setVerificationSent(await send(email))}>
              {t('password.forgot.resendVerification')}
            </Button>
          )}
        </>
      )}
      {outcome.kind === 'inactive' && <p>{t('password.forgot.inactive')}</p>}
      {outcome.kind === 'employee' && <p>{t('error.ResetPwd4DL')}</p>}
      {outcome.kind === 'error' && <p>{outcome.title ?? t(`error.${outcome.code}`)}</p>}
    </div>
  );
}
