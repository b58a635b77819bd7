import { Type, type Static } from '@sinclair/typebox';
import { replies, route } from './route.ts';

/**
 * What the portal, as OpenID Provider, may tell a company site about a member. `subject` is the
 * member's public id: stable, random, neither the e-mail nor the row id (the ticket hand-off names
 * a member by it too). `phone` is present only for a number the member proved.
 */
export const MemberClaimsSchema = Type.Object({
  subject: Type.String(),
  email: Type.String(),
  emailVerified: Type.Boolean(),
  givenName: Type.String(),
  familyName: Type.String(),
  lang: Type.String(),
  phone: Type.Optional(Type.String()),
});
export type MemberClaims = Static<typeof MemberClaimsSchema>;

/** Exactly one of the two names the member. */
export const MemberClaimsQuerySchema = Type.Object({
  /** Digits: query strings are not coerced. */
  memberId: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,14}$' })),
  subject: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })),
});

/** Called with the service key alone: the portal reads claims for an OpenID Connect token or UserInfo, with no member token at hand. */
export const claimsContract = {
  claims: route('GET', '/api/Member/Claims', { querystring: MemberClaimsQuerySchema, response: replies(MemberClaimsSchema) }),
};
