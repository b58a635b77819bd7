import { Type, type Static } from '@sinclair/typebox';
import {
  ADDRESS_MAX_LENGTH,
  COMPANY_MAX_LENGTH,
  COUNTRY_MAX_LENGTH,
  FIRST_NAME_MAX_LENGTH,
  LAST_NAME_MAX_LENGTH,
  PHONE_FIELD_MAX_LENGTH,
  STATE_MAX_LENGTH,
  VAT_MAX_LENGTH,
} from '../limits.ts';
import { FreeText } from './free-text.ts';

const SocialDataSchema = Type.Object({
  socialType: Type.Integer(),
  socialId: Type.String(),
  socialEmail: Type.String(),
  socialName: Type.String(),
  registerDate: Type.String({ description: 'ISO date-time the link was made' }),
});
export type SocialData = Static<typeof SocialDataSchema>;

const MemberExtensionSchema = Type.Object({
  vatNumber: Type.String({ maxLength: VAT_MAX_LENGTH }),
  address: Type.String({ maxLength: ADDRESS_MAX_LENGTH }),
});

/** The user info of spec section 3, as GET /api/Member returns it (nulls become empty strings). */
export const MemberSchema = Type.Object({
  memberId: Type.Integer(),
  userId: Type.String(),
  email: Type.String(),
  status: Type.Integer(),
  source: Type.String(),
  isEmp: Type.Boolean(),
  isSubscribe: Type.Boolean(),
  preferring: Type.Boolean({ description: 'true while the member has not chosen preferences yet' }),
  myAccountDeleteDate: Type.Union([Type.String(), Type.Null()]),
  LastPwdModifiedDate: Type.Union([Type.String(), Type.Null()]),
  firstName: Type.String(),
  lastName: Type.String(),
  companyName: Type.String(),
  country: Type.String(),
  state: Type.String(),
  telCountryCode: Type.String(),
  telAreacode: Type.String(),
  telNo: Type.String(),
  telExt: Type.String(),
  mobileCountryCode: Type.String(),
  mobile: Type.String(),
  mobileVerified: Type.Optional(
    Type.Boolean({ description: 'the mobile number was proven by a code sent to it; only such a number gets sign-in codes' }),
  ),
  businessApplicationAreas: Type.Array(Type.String()),
  inProducts: Type.Array(Type.String()),
  memberExtension: MemberExtensionSchema,
  socialData: Type.Array(SocialDataSchema),
});
export type Member = Static<typeof MemberSchema>;

/**
 * The member as the browser sees it: the user info of spec section 3, which names neither the
 * internal row id nor the provider's account id of a connected account (the portal keeps both).
 */
const BrowserSocialDataSchema = Type.Omit(SocialDataSchema, ['socialId']);
export type BrowserSocialData = Static<typeof BrowserSocialDataSchema>;
export const BrowserMemberSchema = Type.Object({
  ...Type.Omit(MemberSchema, ['memberId', 'socialData']).properties,
  socialData: Type.Array(BrowserSocialDataSchema),
});
export type BrowserMember = Static<typeof BrowserMemberSchema>;

const text = (maxLength: number) => Type.String({ maxLength });

/**
 * PUT /api/member. The client sends the loaded member merged with the form; only these
 * editable fields are kept (additional properties such as email or status are dropped). Free
 * text may hold only visible characters (shared/rules/text.ts); phones are the rules' business.
 */
export const ProfileUpdateSchema = Type.Object(
  {
    firstName: FreeText(FIRST_NAME_MAX_LENGTH),
    lastName: FreeText(LAST_NAME_MAX_LENGTH),
    companyName: FreeText(COMPANY_MAX_LENGTH),
    country: FreeText(COUNTRY_MAX_LENGTH),
    state: FreeText(STATE_MAX_LENGTH),
    telCountryCode: text(PHONE_FIELD_MAX_LENGTH),
    telAreacode: text(PHONE_FIELD_MAX_LENGTH),
    telNo: text(PHONE_FIELD_MAX_LENGTH),
    telExt: text(PHONE_FIELD_MAX_LENGTH),
    mobileCountryCode: text(PHONE_FIELD_MAX_LENGTH),
    mobile: text(PHONE_FIELD_MAX_LENGTH),
    businessApplicationAreas: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 }),
    inProducts: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 }),
    memberExtension: Type.Optional(
      Type.Object({ vatNumber: Type.Optional(FreeText(VAT_MAX_LENGTH)), address: Type.Optional(FreeText(ADDRESS_MAX_LENGTH)) }),
    ),
  },
  { additionalProperties: false },
);
export type ProfileUpdate = Static<typeof ProfileUpdateSchema>;
