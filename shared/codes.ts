/**
 * Result and error codes of spec sections 4 and 8. Every code is also a translation key:
 * the client shows `error.<code>`.
 */
const LOGIN_RESULT_CODES = [
  'ok',
  'defaultpwd',
  'expired',
  'mustchange',
  'unauthorized',
  'mustactivate',
  'OneYearNotUpdatePwd',
  'preferring',
  'AccountLock',
  'AccountOrPwdFail',
  'TokenIssue',
  'ContactHR',
  'TempIdInValid',
  'servererror',
  'badrequest',
  'notfound',
  'passwordused',
  'useridpwdthesame',
  'Activated',
  'FormMobileNumberInvalid',
  /** The password is right but was chosen before someone else proved the address: a mailed code must confirm it. */
  'confirmbycode',
] as const;
export type LoginResultCode = (typeof LOGIN_RESULT_CODES)[number];

export const ERROR_CODES = [
  ...LOGIN_RESULT_CODES,
  'EmailExists',
  'PhoneNotEnabled',
  'CodeNoLongerValid',
  'FormValidateFail',
  'Unauthorized',
  'Forbidden',
  'NotFound',
  'TooManyRequests',
  'Form_Required',
  'Form_Length',
  'Form_PwdFormat',
  'Form_Format',
  'Form_NotExist',
  'Form_RepeatMember',
  'Form_ReCaptcha_Invalid',
  'Form_PhoneNumber_Invalid',
  'Form_MobileNumber_Invalid',
  /** Social sign-in: the provider is not configured on this portal. */
  'SocialNotConfigured',
  /** Social sign-in: the state is unknown to this session, used already, expired or for another provider or member. */
  'SocialStateInvalid',
  /** Social sign-in: the provider did not confirm the account (spec section 8: get profile Error). */
  'SocialProfileError',
  /** Social sign-in: the visitor cancelled at the provider (spec section 8: popup_closed). */
  'popup_closed',
  /** Confirm subscription: the link does not lead to a member. */
  'somethingwrong',
  /** Forgot password for an employee account: the reset happens on the employee platform. */
  'ResetPwd4DL',
  /** A password link that is unknown, used, expired or replaced by a newer one. */
  'ResetLinkExpired',
  /** A new password on the list of the most common breached passwords. */
  'PasswordTooCommon',
  /** The session signed in with a password that must be changed first: nothing but the change until then. */
  'PasswordChangeRequired',
  /** A passkey the member service does not know, or whose assertion the portal could not verify. */
  'PasskeyNotAccepted',
  /** A passkey ceremony whose challenge is unknown to this session, used already or expired. */
  'PasskeyChallengeInvalid',
  /** The passkey is registered already. */
  'PasskeyExists',
  /** Managing passkeys asks for a sign-in within the last minutes. */
  'RecentSignInRequired',
] as const;

/**
 * Field codes: what the shared rules (shared/rules) name as a field's problem. The client shows
 * them under the field; the servers send them as `errors[].code` when their own check of the
 * same rules fails.
 */
export const FIELD_CODES = [
  'AddressRequired',
  'CaptchaRequired',
  'ChooseNumberFillout',
  'CodeRequired',
  'ComfirmNewPasswordRequired',
  'CompanyNameRequired',
  'ConfirmPasswordRequired',
  'CountryCodeRequired',
  'CountryRegionRequired',
  'EmailFormat',
  'EmailRequired',
  'FirstNameRequired',
  'GlobalPolicyChooseNo',
  'LastNameRequired',
  'LengthErrorAddress',
  'LengthErrorCode',
  'LengthErrorCompanyName',
  'LengthErrorCountry',
  'LengthErrorEmail',
  'LengthErrorFirstName',
  'LengthErrorLastName',
  'LengthErrorLoginId',
  'LengthErrorPassword',
  'LengthErrorPhone',
  'LengthErrorState',
  'LengthErrorVATNumber',
  'LoginIdRequired',
  'LoginPasswordRequired',
  'MobileNumber11digits',
  'MobileNumberNotCorrect',
  'MobileNumberRequired',
  'NewPasswordRequired',
  'PasswordDoesntMatch',
  'PasswordDontMatch',
  'PasswordFormat',
  'PasswordRequired',
  'PasswordSameAsOld',
  'PhoneAreaCodeRequired',
  'PhoneNumberNotCorrect',
  'PhoneNumberRequired',
  'QuestionRequired',
  'StateRequired',
  'VATNumberRequired',
  /** Also reply codes, which a rule or a server's check of the request may name for one field. */
  'EmailExists',
  'ContactHR',
  'Form_Format',
  'Form_Required',
  'Form_Length',
  'Form_NotExist',
  'Form_PhoneNumber_Invalid',
  'Form_MobileNumber_Invalid',
  'Form_ReCaptcha_Invalid',
  'PasswordTooCommon',
] as const;
export type FieldCode = (typeof FIELD_CODES)[number];

/** Every code either server sends, as the reply's `code` or a field's; each one is a translation key `error.<code>`. */
export const REPLY_CODES = [...ERROR_CODES, ...FIELD_CODES] as const;
export type ReplyCode = (typeof REPLY_CODES)[number];

/** A code another server sent, as one of ours: a code outside the union is that server's failure. */
export function replyCode(code: string): ReplyCode {
  return REPLY_CODES.find((known) => known === code) ?? 'servererror';
}
