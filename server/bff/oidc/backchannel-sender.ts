import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';
import type { SendBackchannelLogout } from './backchannel.ts';
import { oidcBackchannelLogoutsTotal } from './oidc-metrics.ts';
import type { SessionLinks, SiteSignIn } from './session-links.ts';

const siteKey = (site: SiteSignIn) => `${site.clientId} ${site.sid}`;

/**
 * Back-channel logout for a portal session that ends, whichever way it ends: every site it
 * signed in at by OpenID Connect gets a signed logout_token (sub and sid) at its
 * backchannel_logout_uri, and the provider sessions it held end, so no site can be signed in
 * silently from them. A site that does not answer is logged and counted; the session ends anyway.
 */
export function backchannelLogout(provider: Provider, links: SessionLinks, log: FastifyBaseLogger): SendBackchannelLogout {
  return async function sendBackchannelLogout({ sessionId }) {
    const sites = await links.take(sessionId);
    if (sites.length === 0) return;
    const unique = [...new Map(sites.map((site) => [siteKey(site), site])).values()];
    await Promise.all(
      unique.map(async (site) => {
        const client = await provider.Client.find(site.clientId);
        if (!client?.backchannelLogoutUri) return;
        try {
          await client.backchannelLogout(site.accountId, site.sid);
          oidcBackchannelLogoutsTotal.inc({ client: site.clientId, result: 'sent' });
        } catch (err) {
          oidcBackchannelLogoutsTotal.inc({ client: site.clientId, result: 'failed' });
          log.warn({ err, client: site.clientId }, 'back-channel logout failed');
        }
      }),
    );
    for (const providerSession of new Set(sites.map((site) => site.providerSession))) {
      await provider.Session.adapter.destroy(providerSession);
    }
  };
}
