import { createHmac } from 'node:crypto';
import type { OidcClientConfig } from './client-config.ts';

const MIN_SALT_LENGTH = 32;

/**
 * OIDC_PAIRWISE_SALT, when set: every site then gets its own `sub` for a member, so that two
 * sites cannot match their members by it. oidc-provider wants the redirect URIs of a pairwise
 * client on one host (else a sector_identifier_uri it would fetch); the portal asks for that at start.
 */
export function loadPairwiseSalt(env: NodeJS.ProcessEnv, clients: OidcClientConfig[]): string | undefined {
  const salt = env.OIDC_PAIRWISE_SALT;
  if (salt === undefined || salt === '') return undefined;
  if (salt.length < MIN_SALT_LENGTH) throw new Error(`Invalid OIDC_PAIRWISE_SALT: must be at least ${MIN_SALT_LENGTH} characters`);
  clients.forEach((client, index) => {
    if (new Set(client.redirect_uris.map((uri) => new URL(uri).host)).size > 1)
      throw new Error(
        `Invalid OIDC_CLIENTS: entry ${index + 1} ("${client.client_id}"): redirect_uris must all be on one host when OIDC_PAIRWISE_SALT is set`,
      );
  });
  return salt;
}

/**
 * A member's `sub` at one site: stable for that site and member, unlike at any other site (the
 * client id, not the host, tells sites apart), and no way back to the public id without the salt.
 */
export function pairwiseSubject(salt: string) {
  return async (_ctx: unknown, accountId: string, client: { clientId: string }): Promise<string> =>
    createHmac('sha256', salt).update(`${client.clientId}\0${accountId}`).digest('base64url');
}
