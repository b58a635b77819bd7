import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWRMutation from 'swr/mutation';
import { OTP_CODE_MAX_LENGTH, OTP_SEND_WINDOW_SECONDS, OTP_VALID_SECONDS } from '../../../shared/limits.ts';
import type { BrowserMember } from '../../../shared/schemas/member.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import { ApiError } from '../../api/http.ts';
import { failureCode } from '../../state/request-failure.ts';
import { refreshMember } from '../../api/member.ts';
import { Button } from '../../ui/button.tsx';
import { endsIn } from '../../ui/countdown.ts';
import { ResendWithCountdown } from '../../ui/resend-with-countdown.tsx';
import { useLanguage } from '../../session/language-context.ts';
import { toastSuccess } from '../../state/toasts.ts';
import { confirmPhoneProof, PHONE_PROOF_CONFIRM_PATH, PHONE_PROOF_SEND_PATH, sendPhoneProofCode } from './phone-proof-api.ts';

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
export function PhoneVerification({ member }: { member: BrowserMember }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const codeId = useId();
  const [sentTo, setSentTo] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const sending = useSWRMutation(PHONE_PROOF_SEND_PATH, () => sendPhoneProofCode(lang));
  // The user info is read again after a confirmation (mobileVerified).
  const confirming = useSWRMutation(PHONE_PROOF_CONFIRM_PATH, (_path: string, { arg: code }: { arg: string }) =>
    confirmPhoneProof(code).finally(refreshMember),
  );
  const [problem, setProblem] = useState<string | undefined>();
  const [resendEndsAt, setResendEndsAt] = useState(0);

  if (member.mobile === '' || member.mobileCountryCode === '') return null;
  const verified = member.mobileVerified === true;

  /** Resolves true when a code went out. */
  const send = async (): Promise<boolean> => {
    setProblem(undefined);
    try {
      const reply = await sending.trigger();
      if (reply.isSuccess && reply.data) {
        setSentTo(reply.data.lastThreeDigits);
        setResendEndsAt(endsIn(OTP_SEND_WINDOW_SECONDS));
        return true;
      }
      setProblem(messageKey(reply));
    } catch (caught) {
      if (!(caught instanceof ApiError && caught.kind === 'unauthorized')) setProblem(failureKey(caught));
    }
    return false;
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return setProblem('account.phoneProof.codeRequired');
    setProblem(undefined);
    try {
      const reply = await confirming.trigger(code.trim());
      if (reply.isSuccess) {
        setSentTo(undefined);
        setCode('');
        toastSuccess('account.phoneProof.done');
      } else setProblem(messageKey(reply));
    } catch (caught) {
      if (!(caught instanceof ApiError && caught.kind === 'unauthorized')) setProblem(failureKey(caught));
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
          <Button variant="secondary" busy={sending.isMutating} onClick={() => void send()}>
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
          <Button type="submit" busy={confirming.isMutating}>
            {t('account.phoneProof.confirm')}
          </Button>
          <ResendWithCountdown
            send={send}
            endsAt={resendEndsAt}
            look="button"
            label="account.phoneProof.resend"
            waitingText="account.phoneProof.resendIn"
            readyText="account.phoneProof.resendReady"
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
