import { Type, type Static, type TObject } from '@sinclair/typebox';
import { SignedInFromSchema } from '../schemas/security-center.ts';

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
  /** The sign-in's event in the member's security activity, when the portal said where the browser signed in from. */
  signInEventId: Type.Optional(Type.String()),
});
export type SignedInData = Static<typeof SignedInDataSchema>;

/** A sign-in's request with `signedInFrom`, which the portal sends with every sign-in (the member service records the event). */
export function withSignedInFrom<T extends TObject>(schema: T) {
  return Type.Composite([schema, Type.Object({ signedInFrom: Type.Optional(SignedInFromSchema) })]);
}
