import type { Language } from '../../../shared/languages.ts';
import { composeMail, mailText, type RenderedMail } from '../mail/compose.ts';
import { nameValues } from '../mail/name-values.ts';

export interface OtpMessageValues {
  firstName: string;
  lastName: string;
  code: string;
  minutes: number;
}

const vars = (lang: Language, values: OtpMessageValues) => ({
  ...nameValues(lang, values),
  code: values.code,
  minutes: String(values.minutes),
});

export function renderOtpMail(lang: Language, values: OtpMessageValues): RenderedMail {
  return composeMail(lang, 'otpCode', vars(lang, values), [
    { say: 'intro' },
    { code: values.code },
    { say: 'validity' },
    { say: 'ignore' },
  ]);
}

export function renderOtpSms(lang: Language, values: OtpMessageValues): string {
  return mailText(lang, 'otpCode', 'sms', vars(lang, values));
}

/** The text message that proves a mobile number (phone/phone-proof routes). */
export function renderPhoneProofSms(lang: Language, values: OtpMessageValues): string {
  return mailText(lang, 'otpCode', 'phoneProofSms', vars(lang, values));
}
