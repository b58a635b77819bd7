import { Type, type Static } from '@sinclair/typebox';

/**
 * Confirm subscription (spec sections 3 and 7): hashEmail is the UID query value, status the PP
 * query value (the version of the policy the mail asks to confirm), source 'aures' or empty.
 */
export const UpdateCrmPolicyRequestSchema = Type.Object({
  hashEmail: Type.String({ minLength: 1, maxLength: 200 }),
  status: Type.String({ pattern: '^[A-Za-z0-9._-]{1,40}$' }),
  source: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('aures')])),
});
export type UpdateCrmPolicyRequest = Static<typeof UpdateCrmPolicyRequestSchema>;

export const UpdateCrmSubscribeRequestSchema = Type.Object({
  hashEmail: Type.String({ minLength: 1, maxLength: 200 }),
  isSub: Type.Boolean(),
});
export type UpdateCrmSubscribeRequest = Static<typeof UpdateCrmSubscribeRequestSchema>;
