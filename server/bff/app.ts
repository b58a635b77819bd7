import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { systemClock, type Clock } from '../common/clock.ts';
import type { BffConfig } from './config.ts';
import { createCaptchaGate } from './captcha/captcha-gate.ts';
import { captchaContentSources } from './captcha/captcha-config.ts';
import { CountryDirectory } from './country-directory.ts';
import { clientErrorReply, portalServerFactory } from './http-server.ts';
import { loggerOptions, logResponse } from './logger.ts';
import { lazyChildLogger } from '../common/lazy-child-logger.ts';
import { httpMetrics } from '../common/metrics/http-metrics.ts';
import noPublicMetrics from './metrics/no-public-metrics.ts';
import { addFreeTextFormat } from '../../shared/schemas/free-text.ts';
import compression, { COMPRESSED } from './plugins/compression.ts';
import closedBodies from './plugins/closed-bodies.ts';
import plainReplies from './plugins/plain-replies.ts';
import csrf from './plugins/csrf.ts';
import errorReplies, { failureReply } from './plugins/errors.ts';
import rateLimits from './plugins/rate-limits.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import session from './plugins/session.ts';
import staticClient from './plugins/static-client.ts';
import { logoOrigin } from './brand/brand-config.ts';
import authRoutes from './routes/auth.ts';
import type { RouteDeps } from './deps.ts';
import healthRoutes from './routes/health.ts';
import infoRoutes from './routes/info.ts';
import portalConfigRoutes from './routes/portal-config.ts';
import passwordRoutes from './routes/password.ts';
import accountRoutes from './routes/account.ts';
import preferencesRoutes from './routes/preferences.ts';
import profileRoutes from './routes/profile.ts';
import otpRoutes from './routes/otp.ts';
import phoneProofRoutes from './routes/phone-proof.ts';
import registerRoutes from './routes/register.ts';
import ssoRoutes from './routes/sso.ts';
import socialRoutes from './routes/social.ts';
import passkeyRoutes from './routes/passkeys.ts';
import crmRoutes from './routes/crm.ts';
import securityEventRoutes from './routes/security-events.ts';
import sessionRoutes from './routes/sessions.ts';
import { KnownDevices } from './sessions/known-devices.ts';
import { createStore } from './store/create-store.ts';
import { KeyValueSessionStore } from './store/session-store.ts';
import { Upstream } from './upstream.ts';
import { openApi, openApiDocumentRoute, OPENAPI_DOCUMENT_PATH } from '../common/openapi.ts';
import { openApiFailure, portalReplyStatuses } from './routes/portal-api.ts';
import { wellFormedText } from '../common/well-formed-text.ts';
import { TicketSites } from './sign-in/ticket-sites.ts';
import { SessionEnder, type SessionEndedListener } from './sessions/end-sessions.ts';
import { SignInService } from './sign-in/sign-in-service.ts';
import { signInDoors } from './sign-in/sign-in-doors.ts';
import { sessionKeys } from './session-keys.ts';
import type { SendBackchannelLogout } from './oidc/backchannel.ts';
import companySiteRoutes from './routes/company-sites.ts';
import { mountOpenIdProvider, type MountedProvider } from './oidc/mount-provider.ts';
import { lazySchemaCompilers } from '../common/lazy-schema-compilers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sessions by member, for listing a member's sessions. */
    memberSessions: KeyValueSessionStore;
    /** Ends sessions, however they end (sessions/end-sessions.ts). */
    sessionEnder: SessionEnder;
    /** Tells the company sites a portal session signed in at by OpenID Connect that it ended; call it wherever a session ends. */
    sendBackchannelLogout: SendBackchannelLogout;
  }
}

export interface BuildAppOptions {
  clock?: Clock;
  /** false for silence; an object of pino options (e.g. a `stream`) to capture or tune the log. */
  logger?: boolean | object;
  /** Told of every signed-in session that ends, however it ends (e.g. back-channel logout). */
  onSessionEnded?: readonly SessionEndedListener[];
}

const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * A hop count trusts that many proxies in front of the portal (the address is the entry that
 * many hops from the right of X-Forwarded-For); a list trusts those addresses only.
 */
function trustProxySetting(value: BffConfig['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** Builds the portal's server; main.ts listens. */
export async function buildApp(config: BffConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  if (!config.upstreamUrl)
    throw new Error('buildApp needs config.upstreamUrl (main.ts starts the reference member service when UPSTREAM_URL is unset)');
  const clock = options.clock ?? systemClock;
  const https = config.publicOrigin.startsWith('https:');
  const logo = logoOrigin(config.brand);
  const headers = securityHeaders({ https, widgetOrigins: captchaContentSources(config.captcha), imageOrigins: logo ? [logo] : [] });

  const schemas = lazySchemaCompilers();
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(config.logLevel), ...(typeof options.logger === 'object' ? options.logger : {}) },
    childLoggerFactory: lazyChildLogger,
    // One line per response (logResponse below) instead of Fastify's two per request.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxySetting(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    serverFactory: portalServerFactory({
      requestTimeoutMs: config.requestTimeoutMs,
      headersTimeoutMs: config.headersTimeoutMs,
      keepAliveTimeoutMs: config.keepAliveTimeoutMs,
      headers,
    }),
    clientErrorHandler: clientErrorReply(headers),
    frameworkErrors: failureReply,
    ajv: { plugins: [addFreeTextFormat] },
    schemaController: schemas.schemaController,
    // The spec's paths mix /api/Member and /api/member; a stray trailing slash should not 404.
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.decorate('compileAllSchemas', schemas.compileAll);
  app.addHook('onResponse', logResponse);

  const upstream = new Upstream({
    url: config.upstreamUrl,
    serviceKey: config.upstreamServiceKey,
    timeoutMs: config.upstreamTimeoutMs,
    log: app.log,
  });
  const { store, redis } = await createStore(config, { clock, log: app.log });
  const sessions = new KeyValueSessionStore(store, clock, {
    idleSeconds: config.sessionIdleSeconds,
    absoluteSeconds: config.sessionAbsoluteSeconds,
  });
  app.decorate('memberSessions', sessions);
  app.addHook('onClose', async () => {
    await upstream.close();
    await store.close();
  });

  const keys = sessionKeys(config.sessionSecret);
  // Mutable: the OpenID Provider, mounted below, adds its back-channel logout.
  const sessionEndedListeners: SessionEndedListener[] = [...(options.onSessionEnded ?? [])];
  const ender = new SessionEnder(sessions, upstream, sessionEndedListeners, app.log);
  app.decorate('sessionEnder', ender);
  const callbackPolicy = {
    publicOrigin: config.publicOrigin,
    allowedHosts: config.allowedCallbackHosts,
    siteNames: config.callbackSiteNames,
  };
  const ticketSites = new TicketSites(store);
  const knownDevices = new KnownDevices(store, keys.deviceCookie, https);
  const deps: RouteDeps = {
    config,
    upstream,
    callbackPolicy,
    captcha: createCaptchaGate(config.captcha, config.publicOrigin, config.upstreamTimeoutMs),
    countries: new CountryDirectory(upstream, clock),
    clock,
    store,
    ticketSites,
    sessions: ender,
    signIn: new SignInService({
      upstream,
      callbackPolicy,
      ticketSites,
      doors: signInDoors({ store, config }),
      knownDevices,
      sessions: ender,
      logReferenceKey: keys.logReference,
    }),
    knownDevices,
  };

  await app.register(errorReplies);
  await app.register(wellFormedText);
  await app.register(openApi, {
    title: 'Member portal',
    description: 'The API the portal serves its browser client: every request and reply of /api.',
    version: '1',
    failures: { failure: openApiFailure, statusesOf: portalReplyStatuses },
  });
  await app.register(httpMetrics, { service: 'portal' });
  await app.register(closedBodies);
  await app.register(plainReplies);
  await app.register(healthRoutes, { upstream, store });
  await app.register(noPublicMetrics);
  await app.register(staticClient, { clientDir: config.clientDir, brand: config.brand });

  const sessionOptions = {
    store: sessions,
    clock,
    secret: keys.sessionCookie,
    ender,
    secure: https,
    idleSeconds: config.sessionIdleSeconds,
    absoluteSeconds: config.sessionAbsoluteSeconds,
  };
  // The OpenID Provider (when sites are configured) in a context of its own: OAuth clients send no CSRF header.
  let openId: MountedProvider | undefined;
  await app.register(async (oidc) => {
    openId = await mountOpenIdProvider(oidc, { config, store, redis, upstream, clock, session: sessionOptions });
  });
  app.decorate('sendBackchannelLogout', openId!.sendBackchannelLogout);
  sessionEndedListeners.push(({ sessionId }) => app.sendBackchannelLogout({ sessionId }));

  // Sessions, CSRF and rate limits apply to /api only: static files never touch the session store.
  await app.register(async (api) => {
    await api.register(compression);
    await api.register(csrf, { publicOrigin: config.publicOrigin });
    await api.register(rateLimits, { perMinute: config.rateLimitPerMinute, redis });
    await api.register(session, sessionOptions);
    // A callback hook: an async one would cost every reply a promise for one header.
    api.addHook('onSend', (_request, reply, _payload, done) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done();
    });
    await api.register(authRoutes, deps);
    await api.register(otpRoutes, deps);
    await api.register(phoneProofRoutes, deps);
    await api.register(ssoRoutes, deps);
    await api.register(registerRoutes, deps);
    await api.register(profileRoutes, deps);
    await api.register(preferencesRoutes, deps);
    await api.register(accountRoutes, deps);
    await api.register(passwordRoutes, deps);
    await api.register(infoRoutes, deps);
    await api.register(portalConfigRoutes, deps);
    await api.register(socialRoutes, deps);
    await api.register(passkeyRoutes, deps);
    await api.register(crmRoutes, deps);
    await api.register(openApiDocumentRoute, { path: OPENAPI_DOCUMENT_PATH, routeOptions: COMPRESSED });
    await api.register(sessionRoutes, deps);
    await api.register(securityEventRoutes, deps);
    await api.register(companySiteRoutes, { sites: openId!.memberSites });
  });

  return app;
}
