import { generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A private signing key as a JWK; what the JWKS endpoint shows is its public half. */
export type SigningKey = JsonWebKey & { kid: string; alg: 'RS256' | 'ES256'; use: 'sig' };

const KEYS_FILE = 'oidc-jwks.json';

function newKey(alg: SigningKey['alg']): SigningKey {
  const { privateKey } =
    alg === 'RS256' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(9).toString('base64url'), alg, use: 'sig' };
}

/** Only private RSA and P-256 keys, each for RS256 or ES256: no `none`, no symmetric key. */
function checkedKeys(text: string, source: string): SigningKey[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(`Invalid ${source}: not JSON (${(err as Error).message})`, { cause: err });
  }
  const keys = (parsed as { keys?: unknown })?.keys;
  if (!Array.isArray(keys) || keys.length === 0)
    throw new Error(`Invalid ${source}: must be a JWKS ({"keys": [...]}) with at least one key`);
  const checked = keys.map((raw: Record<string, unknown>, index) => {
    const where = `Invalid ${source}: key ${index + 1}`;
    if (typeof raw !== 'object' || raw === null) throw new Error(`${where} must be an object`);
    const alg = raw.alg ?? (raw.kty === 'RSA' ? 'RS256' : raw.kty === 'EC' ? 'ES256' : undefined);
    if (alg === 'RS256' ? raw.kty !== 'RSA' : alg !== 'ES256' || raw.kty !== 'EC' || raw.crv !== 'P-256')
      throw new Error(`${where}: alg must be RS256 (an RSA key) or ES256 (an EC P-256 key)`);
    if (typeof raw.d !== 'string') throw new Error(`${where}: a private key is needed (d is missing)`);
    if (typeof raw.kid !== 'string' || raw.kid === '') throw new Error(`${where}: kid is missing`);
    return { ...raw, alg, use: 'sig' } as SigningKey;
  });
  if (!checked.some((key) => key.alg === 'RS256')) throw new Error(`Invalid ${source}: an RS256 key is needed (the default algorithm)`);
  return checked;
}

/**
 * The provider's signing keys: OIDC_JWKS or OIDC_JWKS_FILE when given, else DATA_DIR/secrets/
 * oidc-jwks.json, created on first start with one RS256 and one ES256 key. The first key of an
 * algorithm signs; the others stay published, which is how a key is rotated (README).
 */
export function loadSigningKeys(env: NodeJS.ProcessEnv, dataDir: string): SigningKey[] {
  const inline = env.OIDC_JWKS?.trim();
  const file = env.OIDC_JWKS_FILE?.trim();
  if (inline && file) throw new Error('Invalid OIDC_JWKS_FILE: set OIDC_JWKS or OIDC_JWKS_FILE, not both');
  if (inline) return checkedKeys(inline, 'OIDC_JWKS');
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new Error(`Invalid OIDC_JWKS_FILE: cannot read '${file}' (${(err as Error).message})`, { cause: err });
    }
    return checkedKeys(text, 'OIDC_JWKS_FILE');
  }
  const dir = join(dataDir, 'secrets');
  const path = join(dir, KEYS_FILE);
  try {
    return checkedKeys(readFileSync(path, 'utf8'), path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const keys = [newKey('RS256'), newKey('ES256')];
  try {
    writeFileSync(path, JSON.stringify({ keys }, null, 2), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch {
    // Another instance on the same DATA_DIR wrote them first: use theirs.
    return checkedKeys(readFileSync(path, 'utf8'), path);
  }
}
