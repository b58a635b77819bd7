import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../common/clock.ts';
import type { SessionPluginOptions } from '../plugins/session.ts';
import type { KeyValueStore } from '../store/key-value-store.ts';
import type { RedisStore } from '../store/redis-store.ts';
import type { Upstream } from '../upstream.ts';
import type { BffConfig } from '../config.ts';
import { noBackchannelLogout, type SendBackchannelLogout } from './backchannel.ts';
import type { MemberSites } from './member-sites.ts';

export interface MountOptions {
  config: BffConfig;
  store: KeyValueStore;
  redis?: RedisStore;
  upstream: Upstream;
  clock: Clock;
  session: SessionPluginOptions;
}

/** What the rest of the portal uses of its OpenID Provider. */
export interface MountedProvider {
  /** What every way a portal session ends must call. */
  sendBackchannelLogout: SendBackchannelLogout;
  /** The member's consent answers and Connected sites; undefined without sites. */
  memberSites?: MemberSites;
}

/**
 * Mounts the portal's OpenID Provider when sites are configured (OIDC_CLIENTS). Without sites
 * there is nothing to mount, to tell or to list.
 */
export async function mountOpenIdProvider(app: FastifyInstance, options: MountOptions): Promise<MountedProvider> {
  const { config, store } = options;
  if (!config.oidc) return { sendBackchannelLogout: noBackchannelLogout };
  // Loaded only when sites are configured: a portal without them never loads oidc-provider.
  const [
    { MemberAccounts },
    { backchannelLogout },
    { default: oidcRoutes },
    { createProvider, firstPartyClients },
    { SessionLinks },
    { ConsentOwners },
    { MemberSites },
  ] = await Promise.all([
    import('./accounts.ts'),
    import('./backchannel-sender.ts'),
    import('./oidc-routes.ts'),
    import('./provider.ts'),
    import('./session-links.ts'),
    import('./consent-owners.ts'),
    import('./member-sites.ts'),
  ]);
  const accounts = new MemberAccounts(options.upstream);
  const links = new SessionLinks(store, config.sessionAbsoluteSeconds);
  const provider = createProvider({ config, oidc: config.oidc, store, accounts, links, log: app.log });
  const firstParty = firstPartyClients(config.oidc);
  const owners = new ConsentOwners(store);
  await app.register(oidcRoutes, {
    provider,
    accounts,
    firstParty,
    owners,
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
  return {
    sendBackchannelLogout: backchannelLogout(provider, links, app.log),
    memberSites: new MemberSites(provider, store, accounts, owners, config.oidc.clients, firstParty),
  };
}
