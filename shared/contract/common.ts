import { Type } from '@sinclair/typebox';

/**
 * A password as the portal sends it to the member service: base64url of IV and ciphertext
 * (server/common/password-encoding.ts), so longer than the plain limits.
 */
export const EncodedPassword = Type.String({ minLength: 1, maxLength: 1024, pattern: '^[A-Za-z0-9_-]+$' });

export const Lang = Type.Optional(Type.String({ maxLength: 10 }));
export const LinkToken = Type.String({ minLength: 1, maxLength: 200 });
export const AccountId = Type.String({ minLength: 1, maxLength: 200 });
