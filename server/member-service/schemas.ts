import { Type, type Static } from '@sinclair/typebox';
import { LoginRequestSchema } from '../../shared/schemas/auth.ts';
import { RegisterRequestSchema } from '../../shared/schemas/register.ts';
import { CONSENT_FLAGS } from '../../shared/rules/registration.ts';
import { CONSENT_NAMES } from './consents.ts';

/**
 * The payloads as the BFF sends them upstream: the browser's schemas from shared/schemas with
 * passwords encoded (base64url of IV and ciphertext, so longer than the plain limits) and, for
 * registration, the consent flags replaced by the list of consents given.
 */
const EncodedPassword = Type.String({ minLength: 1, maxLength: 1024, pattern: '^[A-Za-z0-9_-]+$' });

export const UpstreamLoginSchema = Type.Object({
  ...Type.Omit(LoginRequestSchema, ['password']).properties,
  password: EncodedPassword,
});
export type UpstreamLogin = Static<typeof UpstreamLoginSchema>;

export const UpstreamRegisterSchema = Type.Object({
  ...Type.Omit(RegisterRequestSchema, [...CONSENT_FLAGS, 'isGlobalAgreePolicy', 'password', 'confirmPassword']).properties,
  password: Type.Optional(EncodedPassword),
  confirmPassword: Type.Optional(EncodedPassword),
  consents: Type.Array(Type.Union(CONSENT_NAMES.map((name) => Type.Literal(name))), { maxItems: CONSENT_NAMES.length, uniqueItems: true }),
});
export type UpstreamRegister = Static<typeof UpstreamRegisterSchema>;

export const CountriesParamsSchema = Type.Object({
  isSimplifiedChinese: Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('True'), Type.Literal('False')]),
});

export const OptionParamsSchema = Type.Object({
  category: Type.String({ pattern: '^[01]$' }),
  languageCode: Type.String({ pattern: '^[0-5]$' }),
});

/** A country's ISO alpha-2 code or a calling code. */
export const SampleNumberParamsSchema = Type.Object({
  id: Type.String({ pattern: '^([A-Za-z]{2}|\\+?[0-9]{1,4})$' }),
});
