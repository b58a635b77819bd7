import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The symmetric encoding of passwords between the BFF and the member service:
 * AES-256-CBC with PKCS#7 padding and a fresh IV per value, sent as base64url(iv || ciphertext).
 * It keeps passwords out of upstream request logs; it is not a substitute for TLS or hashing.
 */
const ALGORITHM = 'aes-256-cbc';
const IV_BYTES = 16;

function keyFrom(hexKey: string): Buffer {
  const key = Buffer.from(hexKey, 'hex');
  if (key.length !== 32) throw new Error('The password encoding key must be 64 hex characters (32 bytes)');
  return key;
}

export function encodePassword(plain: string, hexKey: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keyFrom(hexKey), iv);
  return Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final()]).toString('base64url');
}

/** Returns undefined for anything that is not a value encoded with this key. */
export function decodePassword(encoded: string, hexKey: string): string | undefined {
  try {
    const bytes = Buffer.from(encoded, 'base64url');
    if (bytes.length < IV_BYTES * 2 || bytes.length % IV_BYTES !== 0) return undefined;
    const decipher = createDecipheriv(ALGORITHM, keyFrom(hexKey), bytes.subarray(0, IV_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
