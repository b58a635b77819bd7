import { Type, type Static } from '@sinclair/typebox';

/**
 * What every sign-in (password, code, ticket, social) answers with. A reply that opens a
 * session carries the member token; OneYearNotUpdatePwd carries only userId.
 */
export const SignedInDataSchema = Type.Object({
  userId: Type.String(),
  token: Type.Optional(Type.String()),
  tokenExpiresAt: Type.Optional(Type.String({ description: 'ISO date-time' })),
  memberId: Type.Optional(Type.Integer()),
  status: Type.Optional(Type.Integer()),
  redirectUrl: Type.Optional(Type.String()),
  /** Public id and ticket, which the browser appends to redirectUrl as `id` and `tempid`. */
  id: Type.Optional(Type.String()),
  tempId: Type.Optional(Type.String()),
});
export type SignedInData = Static<typeof SignedInDataSchema>;
