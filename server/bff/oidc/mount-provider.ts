import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../common/clock.ts';
import type { SessionPluginOptions } from '../plugins/session.ts';
import type { KeyValueStore } from '../store/key-value-store.ts';
import type { RedisStore } from '../store/redis-store.ts';
import type { Upstream } from '../upstream.ts';
import type { BffConfig } from '../config.ts';
import { MemberAccounts } from './accounts.ts';
import { backchannelLogout, noBackchannelLogout, type SendBackchannelLogout } from './backchannel.ts';
import oidcRoutes from './oidc-routes.ts';
import { createProvider, firstPartyClients } from './provider.ts';
import { SessionLinks } from './session-links.ts';

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
  });
  return backchannelLogout(provider, links, app.log);
}
