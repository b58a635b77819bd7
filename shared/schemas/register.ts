import { Type, type Static } from '@sinclair/typebox';
import {
  ADDRESS_MAX_LENGTH,
  COMPANY_MAX_LENGTH,
  COUNTRY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FIRST_NAME_MAX_LENGTH,
  LAST_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PHONE_FIELD_MAX_LENGTH,
  STATE_MAX_LENGTH,
  TRACKING_VALUE_MAX_LENGTH,
  URL_MAX_LENGTH,
  VAT_MAX_LENGTH,
} from '../limits.ts';
import { FreeText, OptionalFreeText } from './free-text.ts';

const text = (maxLength: number) => Type.String({ maxLength });
const optionalText = (maxLength: number) => Type.Optional(text(maxLength));

export const CaptchaVerifySchema = Type.Object({
  reCaptchaType: Type.Integer(),
  token: Type.Optional(Type.String({ maxLength: 4096 })),
});

const MemberSocialSchema = Type.Object({
  socialType: Type.Integer({ minimum: 0, maximum: 3 }),
  socialId: optionalText(200),
  socialEmail: optionalText(EMAIL_MAX_LENGTH),
  socialName: OptionalFreeText(200),
  registerDate: optionalText(40),
});

/** Tracking values come from links anyone can write; the client drops what free text refuses. */
const RegisterExtensionSchema = Type.Object({
  address: OptionalFreeText(ADDRESS_MAX_LENGTH),
  vatNumber: OptionalFreeText(VAT_MAX_LENGTH),
  registerPurpose: OptionalFreeText(TRACKING_VALUE_MAX_LENGTH),
  referer: OptionalFreeText(URL_MAX_LENGTH),
  utmSource: OptionalFreeText(TRACKING_VALUE_MAX_LENGTH),
  utmMedium: OptionalFreeText(TRACKING_VALUE_MAX_LENGTH),
  utmCampaign: OptionalFreeText(TRACKING_VALUE_MAX_LENGTH),
});

/**
 * The registration payload of spec section 3. Lengths here are the outer bounds; the
 * conditional rules (state, phones, VAT, consents) are shared/rules/registration.ts. Free text
 * may hold only visible characters (shared/rules/text.ts).
 */
export const RegisterRequestSchema = Type.Object({
  firstName: FreeText(FIRST_NAME_MAX_LENGTH),
  lastName: FreeText(LAST_NAME_MAX_LENGTH),
  userId: optionalText(EMAIL_MAX_LENGTH),
  email: text(EMAIL_MAX_LENGTH),
  password: optionalText(PASSWORD_MAX_LENGTH),
  confirmPassword: optionalText(PASSWORD_MAX_LENGTH),
  companyName: OptionalFreeText(COMPANY_MAX_LENGTH),
  country: FreeText(COUNTRY_MAX_LENGTH),
  state: OptionalFreeText(STATE_MAX_LENGTH),
  telCountryCode: optionalText(PHONE_FIELD_MAX_LENGTH),
  telAreacode: optionalText(PHONE_FIELD_MAX_LENGTH),
  telNo: optionalText(PHONE_FIELD_MAX_LENGTH),
  telExt: optionalText(PHONE_FIELD_MAX_LENGTH),
  mobile: optionalText(PHONE_FIELD_MAX_LENGTH),
  mobileCountryCode: optionalText(PHONE_FIELD_MAX_LENGTH),
  VATNumber: OptionalFreeText(VAT_MAX_LENGTH),
  Address: OptionalFreeText(ADDRESS_MAX_LENGTH),
  isSubscribe: Type.Optional(Type.Boolean()),
  isGlobalAgreePolicy: Type.Optional(Type.Boolean()),
  turkeyPolicyConsent: Type.Optional(Type.Boolean()),
  koreaTermsConsent: Type.Optional(Type.Boolean()),
  koreaPersonalDataConsent: Type.Optional(Type.Boolean()),
  japanPolicyConsent: Type.Optional(Type.Boolean()),
  captchaVerify: Type.Optional(CaptchaVerifySchema),
  returnUrl: optionalText(URL_MAX_LENGTH),
  source: OptionalFreeText(50),
  lang: optionalText(10),
  memberSocial: Type.Optional(MemberSocialSchema),
  memberExtension: Type.Optional(RegisterExtensionSchema),
});
export type RegisterRequest = Static<typeof RegisterRequestSchema>;

export const IsExistRequestSchema = Type.Object({ email: text(EMAIL_MAX_LENGTH) });

/** userId here is the opaque id from the activation link, not an e-mail address. */
export const ActivateRequestSchema = Type.Object({
  userId: Type.String({ minLength: 1, maxLength: 200 }),
  token: Type.String({ minLength: 1, maxLength: 200 }),
});

/** Resend of the verification mail; userId is the e-mail address or the opaque link id. */
export const ReactivateRequestSchema = Type.Object({
  userId: Type.String({ minLength: 1, maxLength: 200 }),
  checkResend: Type.Optional(Type.Boolean()),
  lang: optionalText(10),
  captchaVerify: Type.Optional(CaptchaVerifySchema),
  /** From the Register reply: resending to the address just registered needs no captcha. */
  registrationProof: Type.Optional(Type.String({ maxLength: 100 })),
});
