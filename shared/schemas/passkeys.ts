import { Type, type Static } from '@sinclair/typebox';
import { PASSKEY_NAME_MAX_LENGTH } from '../limits.ts';
import { FREE_TEXT_FORMAT } from './free-text.ts';

/** How long a registration or sign-in challenge stays usable. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;

/** A passkey's public id (random, URL-safe). */
export const PasskeyIdSchema = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
export const PasskeyParamsSchema = Type.Object({ id: PasskeyIdSchema });
export type PasskeyParams = Static<typeof PasskeyParamsSchema>;

export const PasskeyNameSchema = Type.String({ minLength: 1, maxLength: PASSKEY_NAME_MAX_LENGTH, format: FREE_TEXT_FORMAT });

/** One of the member's passkeys as My Account lists it. */
export const PasskeySchema = Type.Object({
  id: PasskeyIdSchema,
  name: Type.String(),
  createdAt: Type.String({ description: 'ISO date-time' }),
  lastUsedAt: Type.Union([Type.String({ description: 'ISO date-time' }), Type.Null()]),
});
export type Passkey = Static<typeof PasskeySchema>;

export const PasskeyListSchema = Type.Object({ passkeys: Type.Array(PasskeySchema) });

/** WebAuthn options as @simplewebauthn/server makes them (its types describe them); passed on whole. */
export const WebAuthnOptionsSchema = Type.Object({ challenge: Type.String() }, { additionalProperties: true });
export type PasskeyList = Static<typeof PasskeyListSchema>;

export const PasskeyRenameSchema = Type.Object({ name: PasskeyNameSchema });
export type PasskeyRename = Static<typeof PasskeyRenameSchema>;

/**
 * A WebAuthn response as @simplewebauthn/browser hands it over (JSON, base64url fields). The
 * library checks its inner structure; here only its size and outer shape.
 */
const WebAuthnResponseSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 1400 }),
    rawId: Type.String({ minLength: 1, maxLength: 1400 }),
    type: Type.Literal('public-key'),
    response: Type.Record(Type.String(), Type.Unknown()),
    clientExtensionResults: Type.Record(Type.String(), Type.Unknown()),
    authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: true },
);

export const PasskeyRegisterSchema = Type.Object({
  credential: WebAuthnResponseSchema,
  name: PasskeyNameSchema,
});
export type PasskeyRegister = Static<typeof PasskeyRegisterSchema>;

/** Passkey sign-in: the assertion, and the way back like the password sign-in. */
export const PasskeyLoginSchema = Type.Object({
  credential: WebAuthnResponseSchema,
  returnUrl: Type.Optional(Type.String({ maxLength: 2048 })),
  pass: Type.Optional(Type.String({ maxLength: 50 })),
});
export type PasskeyLogin = Static<typeof PasskeyLoginSchema>;
