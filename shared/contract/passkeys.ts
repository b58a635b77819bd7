import { Type, type Static } from '@sinclair/typebox';
import { PasskeyIdSchema, PasskeyNameSchema, PasskeyParamsSchema, PasskeyRenameSchema, PasskeySchema } from '../schemas/passkeys.ts';
import { replies, route } from './route.ts';
import { SignedInDataSchema, withSignedInFrom } from './sign-in.ts';

const CredentialIdSchema = Type.String({ minLength: 1, maxLength: 1400, pattern: '^[A-Za-z0-9_-]+$' });
const TransportsSchema = Type.Array(Type.String({ maxLength: 20 }), { maxItems: 10 });

/** A passkey as the portal needs it: the list entry plus the credential id (for excludeCredentials). */
const StoredPasskeySchema = Type.Composite([
  PasskeySchema,
  Type.Object({ credentialId: CredentialIdSchema, transports: TransportsSchema }),
]);
export type StoredPasskey = Static<typeof StoredPasskeySchema>;

/** A credential the portal verified at registration. */
const NewPasskeySchema = Type.Object({
  credentialId: CredentialIdSchema,
  publicKey: Type.String({ minLength: 1, maxLength: 2000, pattern: '^[A-Za-z0-9_-]+$' }),
  counter: Type.Integer({ minimum: 0 }),
  transports: TransportsSchema,
  name: PasskeyNameSchema,
});
export type NewPasskey = Static<typeof NewPasskeySchema>;

const CredentialLookupSchema = Type.Object({ credentialId: CredentialIdSchema });

/** What the portal verifies an assertion with. */
const CredentialKeySchema = Type.Object({
  memberId: Type.Integer({ description: 'the owner, whose WebAuthn user handle the assertion must carry' }),
  publicKey: Type.String(),
  counter: Type.Integer(),
  transports: TransportsSchema,
  userId: Type.String({ description: "the owner's sign-in ID, whose lock applies" }),
});
export type CredentialKey = Static<typeof CredentialKeySchema>;

/** Signs in the owner of a credential whose assertion the portal verified against `seenCounter`. */
const PasskeySignInSchema = withSignedInFrom(
  Type.Object({
    credentialId: CredentialIdSchema,
    seenCounter: Type.Integer({ minimum: 0 }),
    newCounter: Type.Integer({ minimum: 0 }),
    returnUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    pass: Type.Optional(Type.String({ maxLength: 50 })),
  }),
);

/** A verified assertion whose counter went backwards: the credential may have been copied; `device` and `ipPrefix` as the portal saw the request. */
const PasskeyClonedSchema = Type.Object({
  credentialId: CredentialIdSchema,
  device: Type.String({ maxLength: 120 }),
  ipPrefix: Type.String({ maxLength: 60 }),
});

/**
 * Passkeys. The portal runs the WebAuthn ceremonies (its origin, its browser session); the member
 * service keeps the credentials and signs their owner in.
 */
export const passkeysContract = {
  list: route('GET', '/api/Member/Passkeys', { response: replies(Type.Object({ passkeys: Type.Array(StoredPasskeySchema) })) }),
  add: route('POST', '/api/Member/Passkeys', { body: NewPasskeySchema, response: replies(Type.Object({ passkey: PasskeySchema })) }),
  rename: route('PATCH', '/api/Member/Passkeys/:id', {
    params: PasskeyParamsSchema,
    body: PasskeyRenameSchema,
    response: replies(Type.Object({ passkey: PasskeySchema })),
  }),
  remove: route('DELETE', '/api/Member/Passkeys/:id', {
    params: PasskeyParamsSchema,
    response: replies(Type.Object({ id: PasskeyIdSchema })),
  }),
  credential: route('POST', '/api/Member/Passkey/Credential', { body: CredentialLookupSchema, response: replies(CredentialKeySchema) }),
  signIn: route('POST', '/api/Member/Passkey/Login', { body: PasskeySignInSchema, response: replies(SignedInDataSchema) }),
  cloned: route('POST', '/api/Member/Passkey/Cloned', { body: PasskeyClonedSchema, response: replies(Type.Object({})) }),
};
