import { Type, type Static } from '@sinclair/typebox';
import { CONSENT_FLAGS } from '../rules/registration.ts';
import { ActivateRequestSchema, IsExistRequestSchema, ReactivateRequestSchema, RegisterRequestSchema } from '../schemas/register.ts';
import { EncodedPassword } from './common.ts';
import { replies, route } from './route.ts';

/**
 * Activation as the portal sends it: with the address the browser registered, when it holds the
 * portal's registration cookie. An activation from the registering browser confirms the password
 * chosen at registration; one from anywhere else leaves it to be confirmed by a mailed code.
 */
const UpstreamActivateSchema = Type.Composite([
  ActivateRequestSchema,
  Type.Object({ registrantEmail: Type.Optional(Type.String({ maxLength: 254 })) }),
]);

/** The consents the member service records; the portal turns the form's consent answers into these. */
const CONSENT_NAMES = ['global-policy', 'turkey-policy', 'korea-terms', 'korea-personal-data', 'japan-policy', 'subscribe'] as const;
export type ConsentName = (typeof CONSENT_NAMES)[number];

/** Registration as the portal sends it: passwords encoded, consent flags replaced by the consents given. */
const UpstreamRegisterSchema = Type.Object({
  ...Type.Omit(RegisterRequestSchema, [...CONSENT_FLAGS, 'isGlobalAgreePolicy', 'password', 'confirmPassword']).properties,
  password: Type.Optional(EncodedPassword),
  confirmPassword: Type.Optional(EncodedPassword),
  consents: Type.Array(Type.Union(CONSENT_NAMES.map((name) => Type.Literal(name))), { maxItems: CONSENT_NAMES.length, uniqueItems: true }),
});
export type UpstreamRegister = Static<typeof UpstreamRegisterSchema>;

export const ActivatedSchema = Type.Object({
  returnUrl: Type.Optional(Type.String()),
  /** The promotion the member registered through. */
  pass: Type.Optional(Type.String()),
  /** The social provider of a social sign-up, 0 for none. */
  socialType: Type.Integer(),
});

export const IsExistSchema = Type.Object({ isExist: Type.Boolean() });
export const NewMemberSchema = Type.Object({ memberId: Type.Integer() });

/** Registration and activation of the account by the mailed link. */
export const registerContract = {
  isExist: route('POST', '/api/Member/IsExist', {
    body: IsExistRequestSchema,
    response: replies(IsExistSchema),
  }),
  register: route('POST', '/api/Member/Register', {
    body: UpstreamRegisterSchema,
    response: replies(NewMemberSchema),
  }),
  activate: route('POST', '/api/Member/Activate', { body: UpstreamActivateSchema, response: replies(ActivatedSchema) }),
  reactivate: route('POST', '/api/Member/Reactivate', { body: ReactivateRequestSchema, response: replies() }),
};
