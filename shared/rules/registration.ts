import { CaptchaType } from '../enums.ts';
import { isJapan, isKorea, isTurkey } from './countries.ts';
import { validateContact, type ContactContext, type ContactValues } from './contact.ts';
import { validateEmail } from './email.ts';
import { validateNewPassword } from './password.ts';
import { isBlank, type FieldErrors } from './types.ts';

/** Consent answers of the privacy block; validated, then removed before the payload goes upstream. */
export interface ConsentValues {
  /** Everyone but Korea, Japan and Turkey: agree (true) or disagree (false). */
  isGlobalAgreePolicy?: boolean;
  /** Turkey: the yes-only consent to the data-protection notice. */
  turkeyPolicyConsent?: boolean;
  /** Korea: terms of use, and collection of personal data. */
  koreaTermsConsent?: boolean;
  koreaPersonalDataConsent?: boolean;
  /** Japan: the one policy consent. */
  japanPolicyConsent?: boolean;
  /** Subscribe yes/no (Turkey's second consent is this same yes/no question). */
  isSubscribe?: boolean;
}

export const CONSENT_FLAGS = ['turkeyPolicyConsent', 'koreaTermsConsent', 'koreaPersonalDataConsent', 'japanPolicyConsent'] as const;

export interface RegistrationValues extends ContactValues, ConsentValues {
  email?: string;
  password?: string;
  confirmPassword?: string;
  captchaToken?: string;
}

export interface RegistrationContext extends ContactContext {
  /** Social sign-up has no password fields. */
  isSocialSignUp?: boolean;
  captchaType?: CaptchaType;
  /** Set once the server said the e-mail is taken ('EmailExists') or on a company domain ('ContactHR'). */
  emailStatus?: 'EmailExists' | 'ContactHR';
}

function validateConsents(values: RegistrationValues): FieldErrors {
  const errors: FieldErrors = {};
  if (isTurkey(values.country)) {
    if (values.turkeyPolicyConsent !== true) errors.turkeyPolicyConsent = 'QuestionRequired';
  } else if (isKorea(values.country)) {
    if (values.koreaTermsConsent !== true) errors.koreaTermsConsent = 'QuestionRequired';
    if (values.koreaPersonalDataConsent !== true) errors.koreaPersonalDataConsent = 'QuestionRequired';
  } else if (isJapan(values.country)) {
    if (values.japanPolicyConsent !== true) errors.japanPolicyConsent = 'QuestionRequired';
  } else if (values.isGlobalAgreePolicy === undefined || values.isGlobalAgreePolicy === null) {
    errors.isGlobalAgreePolicy = 'QuestionRequired';
  } else if (values.isGlobalAgreePolicy !== true) {
    errors.isGlobalAgreePolicy = 'GlobalPolicyChooseNo';
  }
  if (typeof values.isSubscribe !== 'boolean') errors.isSubscribe = 'QuestionRequired';
  return errors;
}

/** The captcha answer: required for Google (type 1) as spec section 5 says; other providers are judged by the server. */
export function validateCaptcha(captchaType: CaptchaType | null | undefined, token: string | undefined): 'CaptchaRequired' | undefined {
  return captchaType === CaptchaType.Google && isBlank(token) ? 'CaptchaRequired' : undefined;
}

export function validateRegistration(values: RegistrationValues, context: RegistrationContext): FieldErrors {
  const errors: FieldErrors = {
    ...validateContact(values, context),
    email: validateEmail(values.email) ?? context.emailStatus,
    ...(context.isSocialSignUp ? {} : validateNewPassword(values, 'register')),
    ...validateConsents(values),
  };
  const captchaError = validateCaptcha(context.captchaType, values.captchaToken);
  if (captchaError) errors.captchaToken = captchaError;
  return errors;
}
