import type { Language } from '../../../shared/languages.ts';
import { privacyBlockFor, type PrivacyBlock } from '../../../shared/rules/countries.ts';
import type { ConsentName, UpstreamRegister } from '../../../shared/contract/register.ts';
import type { RegisterRequest } from '../../../shared/schemas/register.ts';
import { encodePassword } from '../../common/password-encoding.ts';

/** The consents the member service records, by the form answer that gives them. */
const CONSENT_NAMES = {
  isGlobalAgreePolicy: 'global-policy',
  turkeyPolicyConsent: 'turkey-policy',
  koreaTermsConsent: 'korea-terms',
  koreaPersonalDataConsent: 'korea-personal-data',
  japanPolicyConsent: 'japan-policy',
  isSubscribe: 'subscribe',
} as const satisfies Partial<Record<keyof RegisterRequest, string>>;

/** The answers each country's privacy block asks for (spec section 2); others are not shown there. */
const BLOCK_FLAGS: Record<PrivacyBlock, ReadonlyArray<keyof typeof CONSENT_NAMES>> = {
  turkey: ['turkeyPolicyConsent', 'isSubscribe'],
  korea: ['koreaTermsConsent', 'koreaPersonalDataConsent', 'isSubscribe'],
  japan: ['japanPolicyConsent', 'isSubscribe'],
  global: ['isGlobalAgreePolicy', 'isSubscribe'],
};

/** The consents given on the block the member saw: a flag of another country's block proves nothing. */
function consentsGiven(body: RegisterRequest): ConsentName[] {
  return BLOCK_FLAGS[privacyBlockFor(body.country)].filter((flag) => body[flag] === true).map((flag) => CONSENT_NAMES[flag]);
}

/** What the member typed, passed on as it is. */
const TYPED_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'companyName',
  'country',
  'state',
  'telCountryCode',
  'telAreacode',
  'telNo',
  'telExt',
  'mobile',
  'mobileCountryCode',
  'VATNumber',
  'Address',
  'isSubscribe',
  'source',
] as const satisfies ReadonlyArray<keyof RegisterRequest>;

const EXTENSION_FIELDS = [
  'address',
  'vatNumber',
  'registerPurpose',
  'referer',
  'utmSource',
  'utmMedium',
  'utmCampaign',
] as const satisfies ReadonlyArray<keyof NonNullable<RegisterRequest['memberExtension']>>;

function named<T extends object, K extends keyof T>(source: T, names: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(names.filter((name) => source[name] !== undefined).map((name) => [name, source[name]])) as Partial<Pick<T, K>>;
}

/**
 * The registration as the member service takes it, built from named fields only (never the
 * browser's body as it came): consent flags replaced by the list of consents given, passwords
 * encoded, the captcha answer and unverified social ids left out, the e-mail as the login id,
 * and only an allowed return URL.
 */
export function upstreamRegistration(
  body: RegisterRequest,
  options: { encodingKey: string; lang: Language; returnUrl: string | undefined },
): UpstreamRegister {
  const encode = (value: string | undefined) => (value === undefined ? undefined : encodePassword(value, options.encodingKey));
  return {
    ...named(body, TYPED_FIELDS),
    // Required by the contract: named() keeps them too, the compiler cannot tell.
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    country: body.country,
    ...(body.memberExtension ? { memberExtension: named(body.memberExtension, EXTENSION_FIELDS) } : {}),
    userId: body.email,
    password: encode(body.password),
    confirmPassword: encode(body.confirmPassword),
    returnUrl: options.returnUrl,
    lang: options.lang,
    consents: consentsGiven(body),
  };
}
