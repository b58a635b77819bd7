import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../common/clock.ts';
import type { SessionPluginOptions } from '../plugins/session.ts';
import type { KeyValueStore } from '../store/key-value-store.ts';
import type { RedisStore } from '../store/redis-store.ts';
import type { Upstream } from '../upstream.ts';
import type { BffConfig } from '../config.ts';
import { noBackchannelLogout, type SendBackchannelLogout } from './backchannel.ts';

export interface MountOptions {
  config: BffConfig;
  store: KeyValueStore;
  redis?: RedisStore;
  upstream: Upstream;
  clock: Clock;
  session: SessionPluginOptions;
}

/**
 * Mounts the portal's OpenID Provider when sites are configured (OIDC_CLIENTS), and returns what
 * every way a portal session ends must call. Without sites there is nothing to mount or to tell.
 */
export async function mountOpenIdProvider(app: FastifyInstance, options: MountOptions): Promise<SendBackchannelLogout> {
  const { config, store } = options;
  if (!config.oidc) return noBackchannelLogout;
  // Loaded only when sites are configured: a portal without them never loads oidc-provider.
  const [{ MemberAccounts }, { backchannelLogout }, { default: oidcRoutes }, { createProvider, firstPartyClients }, { SessionLinks }] =
    await Promise.all([
      import('./accounts.ts'),
      import('./backchannel-sender.ts'),
      import('./oidc-routes.ts'),
      import('./provider.ts'),
      import('./session-links.ts'),
    ]);
  const accounts = new MemberAccounts(options.upstream);
  const links = new SessionLinks(store, config.sessionAbsoluteSeconds);
  const provider = createProvider({ config, oidc: config.oidc, store, accounts, links, log: app.log });
  await app.register(oidcRoutes, {
    provider,
    accounts,
    firstParty: firstPartyClients(config.oidc),
    upstream: options.upstream,
    clock: options.clock,
    session: options.session,
    perMinute: config.rateLimitPerMinute,
    tokenPerMinute: config.oidc.tokenRateLimitPerMinute,
    redis: options.redis,
    siteOrigins: [
      ...new Set(
        config.oidc.clients.flatMap((site) => [...site.redirect_uris, ...site.post_logout_redirect_uris].map((uri) => new URL(uri).origin)),
      ),
    ],
  });
  return backchannelLogout(provider, links, app.log);
}
