import type { Language } from '../../../shared/languages.ts';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import { withoutInvisible } from '../../../shared/rules/text.ts';
import { isJapan, isKorea, isTurkey, needsVatAndAddress } from '../../../shared/rules/countries.ts';
import { TRACKING_VALUE_MAX_LENGTH, URL_MAX_LENGTH } from '../../../shared/limits.ts';
import type { RegisterRequest } from '../../../shared/schemas/register.ts';
import { effectivePhoneMode } from './phone-mode.ts';
import { withSubscribeAnswer } from './privacy-answers.ts';
import type { RegisterFormValues } from './register-values.ts';

/** The query values registration carries along (spec sections 2 and 3). */
interface RegisterQuery {
  callbackUrl?: string;
  pass?: string;
  registerPurpose?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

export interface RegisterPayloadContext {
  query: RegisterQuery;
  lang: Language;
  /** Region of the chosen country: VAT number and address only count for Europe with pass=rma. */
  region?: string;
  /** The page the visitor came from. */
  referer?: string;
  captchaVerify?: RegisterRequest['captchaVerify'];
}

const trimmed = (value: string | undefined) => (value ?? '').trim();

/**
 * Tracking values come from links anyone can write; an overlong one is cut and invisible
 * characters are dropped rather than failing the registration.
 */
type TrackingField = 'registerPurpose' | 'referer' | 'utmSource' | 'utmMedium' | 'utmCampaign';
const tracking = (field: TrackingField, value: string | undefined) =>
  withoutInvisible(trimmed(value).slice(0, field === 'referer' ? URL_MAX_LENGTH : TRACKING_VALUE_MAX_LENGTH));

function consents(values: RegisterFormValues): Partial<RegisterRequest> {
  const { isSubscribe } = withSubscribeAnswer(values);
  if (isTurkey(values.country)) return { turkeyPolicyConsent: values.turkeyPolicyConsent, isSubscribe };
  if (isKorea(values.country)) {
    return { koreaTermsConsent: values.koreaTermsConsent, koreaPersonalDataConsent: values.koreaPersonalDataConsent, isSubscribe };
  }
  if (isJapan(values.country)) return { japanPolicyConsent: values.japanPolicyConsent, isSubscribe };
  return { isGlobalAgreePolicy: values.isGlobalAgreePolicy, isSubscribe };
}

function phones(values: RegisterFormValues): Partial<RegisterRequest> {
  if (effectivePhoneMode(values.country, values.phoneMode) === 'mobile') {
    return {
      telCountryCode: '',
      telAreacode: '',
      telNo: '',
      telExt: '',
      mobileCountryCode: trimmed(values.mobileCountryCode),
      mobile: trimmed(values.mobile),
    };
  }
  return {
    telCountryCode: trimmed(values.telCountryCode),
    telAreacode: trimmed(values.telAreacode),
    telNo: trimmed(values.telNo),
    telExt: trimmed(values.telExt),
    mobileCountryCode: '',
    mobile: '',
  };
}

/**
 * The Register payload: the e-mail is also the user id, the query's callback URL becomes
 * returnUrl and pass becomes source; only the chosen phone mode and the privacy answers of the
 * chosen country's block are sent, with the consent flags the BFF checks and records.
 */
export function buildRegisterPayload(values: RegisterFormValues, context: RegisterPayloadContext): RegisterRequest {
  const { query } = context;
  const email = normalizeEmail(values.email ?? '');
  const source = withoutInvisible(trimmed(query.pass)).toLowerCase();
  const europe = needsVatAndAddress(context.region, source);
  const vatNumber = europe ? trimmed(values.VATNumber) : '';
  const address = europe ? trimmed(values.Address) : '';
  return {
    firstName: trimmed(values.firstName),
    lastName: trimmed(values.lastName),
    userId: email,
    email,
    password: values.password ?? '',
    confirmPassword: values.confirmPassword ?? '',
    companyName: trimmed(values.companyName),
    country: values.country ?? '',
    state: values.state ?? '',
    ...phones(values),
    VATNumber: vatNumber,
    Address: address,
    ...consents(values),
    ...(context.captchaVerify ? { captchaVerify: context.captchaVerify } : {}),
    returnUrl: query.callbackUrl ?? '',
    source,
    lang: context.lang,
    memberExtension: {
      address,
      vatNumber,
      registerPurpose: tracking('registerPurpose', query.registerPurpose),
      referer: tracking('referer', context.referer),
      utmSource: tracking('utmSource', query.utmSource),
      utmMedium: tracking('utmMedium', query.utmMedium),
      utmCampaign: tracking('utmCampaign', query.utmCampaign),
    },
  };
}
