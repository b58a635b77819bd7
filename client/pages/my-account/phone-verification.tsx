import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { OTP_CODE_MAX_LENGTH, OTP_SEND_WINDOW_SECONDS, OTP_VALID_SECONDS } from '../../../shared/limits.ts';
import type { Member } from '../../../shared/schemas/member.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import { ApiError } from '../../api/http.ts';
import { failureCode } from '../../api/request-failure.ts';
import { MEMBER_PATH } from '../../api/member.ts';
import { Button } from '../../components/button.tsx';
import { CountdownButton } from '../../components/countdown-button.tsx';
import { useCountdown } from '../../components/countdown.ts';
import { useLanguage } from '../../session/language-context.ts';
import { toastSuccess } from '../../state/toasts.ts';
import { confirmPhoneProof, sendPhoneProofCode } from './phone-proof-api.ts';

/** The message of a refused send or confirmation; server codes the page has no better words for keep their error text. */
function messageKey(reply: Reply<unknown>): string {
  if (reply.code === 'unauthorized') return 'account.phoneProof.wrongCode';
  if (reply.code === 'badrequest') return 'account.phoneProof.undelivered';
  if (reply.code === 'FormValidateFail') return `error.${reply.errors?.[0]?.code ?? 'somethingWentWrong'}`;
  return `error.${reply.code}`;
}

const failureKey = (caught: unknown) => `error.${failureCode(caught)}`;

/**
 * Sign-in and security: the mobile number that sign-in codes go to, 'Verified' or 'Not verified'
 * with a way to prove it (a code by text message, entered here). Only a proven number gets
 * sign-in codes; a changed number has to be proven again.
 */
export function PhoneVerification({ member }: { member: Member }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const codeId = useId();
  const [sentTo, setSentTo] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'send' | 'confirm' | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const resend = useCountdown(OTP_SEND_WINDOW_SECONDS);

  if (member.mobile === '' || member.mobileCountryCode === '') return null;
  const verified = member.mobileVerified === true;

  const send = async () => {
    setBusy('send');
    setProblem(undefined);
    try {
      const reply = await sendPhoneProofCode(lang);
      if (reply.isSuccess && reply.data) {
        setSentTo(reply.data.lastThreeDigits);
        resend.start();
      } else setProblem(messageKey(reply));
    } catch (caught) {
      if (!(caught instanceof ApiError && caught.kind === 'unauthorized')) setProblem(failureKey(caught));
    } finally {
      setBusy(undefined);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return setProblem('account.phoneProof.codeRequired');
    setBusy('confirm');
    setProblem(undefined);
    try {
      const reply = await confirmPhoneProof(code.trim());
      if (reply.isSuccess) {
        setSentTo(undefined);
        setCode('');
        toastSuccess('account.phoneProof.done');
        await mutate(MEMBER_PATH);
      } else setProblem(messageKey(reply));
    } catch (caught) {
      if (!(caught instanceof ApiError && caught.kind === 'unauthorized')) setProblem(failureKey(caught));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <div className="phone-verification">
      <div className="account-password">
        <div>
          <span className="field__label">{t('account.phoneProof.label')}</span>
          <p className="account-password__date">
            +{member.mobileCountryCode} {member.mobile} ·{' '}
            <strong>{t(verified ? 'account.phoneProof.verified' : 'account.phoneProof.notVerified')}</strong>
          </p>
        </div>
        {!verified && sentTo === undefined && (
          <Button variant="secondary" busy={busy === 'send'} onClick={send}>
            {t('account.phoneProof.verify')}
          </Button>
        )}
      </div>
      {!verified && sentTo === undefined && <p className="field__hint">{t('account.phoneProof.why')}</p>}
      {!verified && sentTo !== undefined && (
        <form noValidate onSubmit={confirm}>
          <p role="status">{t('account.phoneProof.sent', { digits: sentTo, minutes: Math.round(OTP_VALID_SECONDS / 60) })}</p>
          <div className="field">
            <label htmlFor={codeId} className="field__label">
              {t('account.phoneProof.code')}
            </label>
            <input
              id={codeId}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_CODE_MAX_LENGTH}
              aria-invalid={problem !== undefined || undefined}
              aria-describedby={problem ? `${codeId}-problem` : undefined}
            />
          </div>
          <Button type="submit" busy={busy === 'confirm'}>
            {t('account.phoneProof.confirm')}
          </Button>
          <CountdownButton
            label="account.phoneProof.resend"
            waitingText="account.phoneProof.resendIn"
            readyText="account.phoneProof.resendReady"
            remaining={resend.remaining}
            busy={busy === 'send'}
            onClick={send}
          />
        </form>
      )}
      {problem && (
        <p id={`${codeId}-problem`} className="field__error" role="alert">
          {t(problem)}
        </p>
      )}
    </div>
  );
}
