import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Clock } from '../../common/clock.ts';
import rateLimits from '../plugins/rate-limits.ts';
import session, { ALLOWED_DURING_PASSWORD_CHANGE, type SessionPluginOptions } from '../plugins/session.ts';
import type { RedisStore } from '../store/redis-store.ts';
import type { Upstream } from '../upstream.ts';
import type { MemberAccounts } from './accounts.ts';
import type { ConsentOwners } from './consent-owners.ts';
import interactionRoute from './interaction-route.ts';
import { oidcLanguage } from './oidc-language.ts';
import { attachPortalRequest } from './portal-request.ts';
import { portalSignIn } from './portal-session.ts';
import { OIDC_PREFIX } from './paths.ts';

export interface OidcRoutesOptions {
  provider: Provider;
  accounts: MemberAccounts;
  firstParty: Set<string>;
  owners: ConsentOwners;
  upstream: Upstream;
  clock: Clock;
  session: SessionPluginOptions;
  perMinute: number;
  tokenPerMinute: number;
  redis?: RedisStore;
  /** Origins of the configured sites' redirect and post-logout URIs. */
  siteOrigins: string[];
}

/** oidc-provider reads at most this much of a body itself; the portal holds it to the same. */
const BODY_LIMIT_BYTES = 56 * 1024;
const MINUTE_MS = 60_000;

function basicAuthClientId(header: string | undefined): string | undefined {
  if (!header?.toLowerCase().startsWith('basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : decodeURIComponent(decoded.slice(0, colon));
}

/** The client a token request names (Basic auth or body), for its per-client-and-address limit. */
function tokenClientId(request: FastifyRequest): string {
  const fromHeader = basicAuthClientId(request.headers.authorization);
  if (fromHeader) return fromHeader;
  const body = typeof request.body === 'string' ? new URLSearchParams(request.body).get('client_id') : null;
  return body ?? '';
}

/**
 * A first-party site asking for offline_access gets it without the extra consent prompt the
 * specification would otherwise need: the prompt is added here and answered at once by the
 * interaction route. A request that names its own prompt is left as it is.
 */
function firstPartyOfflineAccess(request: FastifyRequest, firstParty: Set<string>): void {
  const url = new URL(request.raw.url ?? '/', 'http://portal.invalid');
  if (url.pathname !== `${OIDC_PREFIX}/auth` || url.searchParams.has('prompt')) return;
  if (!firstParty.has(url.searchParams.get('client_id') ?? '')) return;
  if (!(url.searchParams.get('scope') ?? '').split(' ').includes('offline_access')) return;
  url.searchParams.set('prompt', 'consent');
  request.raw.url = url.pathname + url.search;
}

/**
 * The OpenID Provider under /oidc and discovery at /.well-known/openid-configuration. Its own
 * context: the portal session is read (never the /api CSRF header rule or compression, which
 * OAuth clients know nothing of), requests are limited per address, and the token endpoint
 * per client and address as well. Bodies are read here as text and handed to the provider.
 */
export default async function oidcRoutes(app: FastifyInstance, options: OidcRoutesOptions) {
  const { provider, firstParty } = options;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));
  await app.register(rateLimits, { perMinute: options.perMinute, redis: options.redis });
  await app.register(session, options.session);

  const callback = provider.callback();
  // The provider's pages post forms that end in a redirect to a site (the sign-out step, the
  // form_post response mode); browsers hold such redirects to form-action, so the configured
  // sites' origins join 'self' there, on these replies only.
  const formAction = `form-action 'self' ${options.siteOrigins.join(' ')}`;
  async function handOver(request: FastifyRequest, reply: FastifyReply) {
    const csp = reply.raw.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.raw.setHeader('content-security-policy', csp.replace("form-action 'self'", formAction));
    attachPortalRequest(request.raw, {
      signIn: portalSignIn(request),
      lang: oidcLanguage(request),
      endPortalSession: () => options.session.ender.endThisSession(request, reply, { reason: 'signOut' }),
    });
    if (typeof request.body === 'string') Object.assign(request.raw, { body: request.body });
    firstPartyOfflineAccess(request, firstParty);
    reply.hijack();
    await callback(request.raw, reply.raw);
  }

  const routeConfig = ALLOWED_DURING_PASSWORD_CHANGE;
  app.route({ method: ['GET', 'POST', 'OPTIONS'], url: `${OIDC_PREFIX}/*`, config: routeConfig, handler: handOver });
  app.route({ method: ['GET', 'OPTIONS'], url: '/.well-known/openid-configuration', config: routeConfig, handler: handOver });
  app.route({
    method: ['POST', 'OPTIONS'],
    url: `${OIDC_PREFIX}/token`,
    config: {
      ...routeConfig,
      rateLimit: {
        max: options.tokenPerMinute,
        timeWindow: MINUTE_MS,
        // After the body is read: the client may name itself there.
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) => `oidc-token:${tokenClientId(request)}:${request.ip}`,
      },
    },
    handler: handOver,
  });
  await app.register(interactionRoute, {
    provider,
    accounts: options.accounts,
    firstParty,
    owners: options.owners,
    upstream: options.upstream,
    clock: options.clock,
  });
}
