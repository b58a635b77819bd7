import { loadOidcClients, type OidcClientConfig } from './client-config.ts';
import { loadPairwiseSalt } from './pairwise-subject.ts';
import { loadSigningKeys, type SigningKey } from './signing-keys.ts';

export interface OidcConfig {
  clients: OidcClientConfig[];
  signingKeys: SigningKey[];
  /** Token requests per minute for one client from one address (OIDC_TOKEN_RATE_LIMIT_PER_MINUTE). */
  tokenRateLimitPerMinute: number;
  /** OIDC_PAIRWISE_SALT: each site gets its own `sub` for a member; unset, every site gets the public id. */
  pairwiseSalt?: string;
}

/**
 * The OpenID Provider's settings, or undefined when no client is configured: with no site to
 * serve, the portal mounts no provider and makes no keys.
 */
export function loadOidcConfig(env: NodeJS.ProcessEnv, dataDir: string): OidcConfig | undefined {
  const clients = loadOidcClients(env);
  if (clients.length === 0) return undefined;
  const perMinute = env.OIDC_TOKEN_RATE_LIMIT_PER_MINUTE?.trim() || '60';
  if (!/^[1-9][0-9]{0,5}$/.test(perMinute))
    throw new Error(`Invalid OIDC_TOKEN_RATE_LIMIT_PER_MINUTE: '${perMinute}' is not a positive whole number`);
  const pairwiseSalt = loadPairwiseSalt(env, clients);
  return {
    clients,
    signingKeys: loadSigningKeys(env, dataDir),
    tokenRateLimitPerMinute: Number(perMinute),
    ...(pairwiseSalt ? { pairwiseSalt } : {}),
  };
}
