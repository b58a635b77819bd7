import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpVerifyType } from '../../../shared/enums.ts';
import { OTP_CODE_MAX_LENGTH, OTP_VALID_SECONDS } from '../../../shared/limits.ts';
import { validateOtpCode } from '../../../shared/rules/login.ts';
import { Button } from '../../ui/button.tsx';
import { FieldControl } from '../../ui/field-control.tsx';
import { useNativeForm } from '../../ui/native-form.ts';
import { ResendWithCountdown } from '../../ui/resend-with-countdown.tsx';

export interface CodeSent {
  userId: string;
  otpVerifyType: OtpVerifyType;
  lastThreeDigits?: string;
  /** End of the resend countdown, epoch milliseconds. */
  resendEndsAt: number;
  /** The code confirms a password given just before (a `confirmbycode` sign-in), not a sign-in by code alone. */
  confirmingPassword?: boolean;
}

export interface CodeVerifyFormProps {
  sent: CodeSent;
  onSubmit: (values: { code?: string }) => Promise<void>;
  onResend: () => Promise<void>;
  onPasswordLogin: () => void;
  /** A text whose delivery is uncertain: the code by e-mail instead. */
  onUseEmail: () => Promise<void>;
}

const FIELDS = ['code'] as const;

/** Where no number could be named: how text codes work, and the e-mail code right there. */
function EmailInstead({ onUseEmail }: { onUseEmail: () => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <div className="code-verify-form__alternative">
      <p>{t('login.code.phoneNeedsProof')}</p>
      <Button
        variant="secondary"
        className="button--compact"
        busy={busy}
        onClick={() => {
          setBusy(true);
          void onUseEmail().finally(() => setBusy(false));
        }}
      >
        {t('login.code.useEmail')}
      </Button>
    </div>
  );
}

/** Verify mode: where the code went, the code field, resend after the countdown. */
export function CodeVerifyForm({ sent, onSubmit, onResend, onPasswordLogin, onUseEmail }: CodeVerifyFormProps) {
  const { t } = useTranslation();
  const byPhone = sent.otpVerifyType === OtpVerifyType.Phone;
  // The portal names the number's last digits only to a browser that has signed in as this member
  // before; to anyone else it answers alike whether or not the account has a proven number.
  const sentTo = !byPhone
    ? t('login.code.sentToEmail', { userId: sent.userId })
    : sent.lastThreeDigits
      ? t('login.code.sentToPhone', { digits: sent.lastThreeDigits })
      : t('login.code.sentToPhoneIfProven');
  // The login screen moves `resendEndsAt` by the server's count after each send.
  const resend = () => onResend().then(() => true);
  const form = useNativeForm(FIELDS, validateOtpCode, onSubmit);

  return (
    <form {...form.formProps}>
      {sent.confirmingPassword && <p className="code-verify-form__why">{t('login.code.confirmPassword')}</p>}
      <p role="status" className="code-verify-form__sent">
        {sentTo} {t('login.code.validity', { minutes: OTP_VALID_SECONDS / 60 })}
      </p>
      {byPhone && !sent.lastThreeDigits && <EmailInstead onUseEmail={onUseEmail} />}
      <FieldControl
        name="code"
        input={{ defaultValue: '' }}
        error={form.errorOf('code')}
        label="login.code.label"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={OTP_CODE_MAX_LENGTH}
        required
        autoFocus
      />
      <Button type="submit" busy={form.submitting} className="button--block">
        {t('login.code.verify')}
      </Button>
      <p className="login__switch">
        <ResendWithCountdown
          send={resend}
          endsAt={sent.resendEndsAt}
          look="link"
          label="login.code.resend"
          waitingText="login.code.resendIn"
        />
      </p>
      <p className="login__switch">
        <Button variant="link" onClick={onPasswordLogin}>
          {t('login.code.backToPassword')}
        </Button>
      </p>
    </form>
  );
}
