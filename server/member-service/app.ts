import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { systemClock, type Clock } from '../common/clock.ts';
import { addFreeTextFormat } from '../../shared/schemas/free-text.ts';
import { clientErrorReply } from '../common/client-error-reply.ts';
import { httpMetrics } from '../common/metrics/http-metrics.ts';
import { fail } from '../../shared/schemas/reply.ts';
import { BackgroundTasks } from './background.ts';
import type { MemberServiceConfig } from './config.ts';
import type { ServiceContext } from './context.ts';
import { MessageDelivery } from './jobs/message-delivery.ts';
import { JobRunner } from './jobs/runner.ts';
import { scheduledJobs } from './jobs/scheduled-jobs.ts';
import { createMailer } from './mail/mailer.ts';
import { readMailQueueDepthWith } from './metrics/member-metrics.ts';
import { openApi, openApiDocumentRoute } from '../common/openapi.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { memberAuthPlugin } from './plugins/member-auth.ts';
import { serviceKeyPlugin } from './plugins/service-key.ts';
import { accountRoutes } from './routes/account.ts';
import { activationRoutes } from './routes/activation.ts';
import { authRoutes } from './routes/auth.ts';
import { crmRoutes } from './routes/crm.ts';
import { databaseCheck, healthRoutes, mailQueueCheck } from './routes/health.ts';
import { infoRoutes } from './routes/info.ts';
import { passkeyRoutes } from './routes/passkeys.ts';
import { passwordRoutes } from './routes/password.ts';
import { preferencesRoutes } from './routes/preferences.ts';
import { profileRoutes } from './routes/profile.ts';
import { otpRoutes } from './routes/otp.ts';
import { phoneProofRoutes } from './routes/phone-proof.ts';
import { registerRoutes } from './routes/register.ts';
import { securityEventRoutes } from './routes/security-events.ts';
import { ticketRoutes } from './routes/tickets.ts';
import { claimsRoutes } from './routes/claims.ts';
import { socialRoutes } from './routes/social.ts';
import { passwordHasher } from './security/passwords.ts';
import { createSmsSender } from './sms/create-sms-sender.ts';
import { openMemberStore } from './store/store.ts';
import { lazyChildLogger } from '../common/lazy-child-logger.ts';
import { wellFormedText } from '../common/well-formed-text.ts';
import { lazySchemaCompilers } from '../common/lazy-schema-compilers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic jobs of this instance; `app.jobs.runNow(name)` runs one at once. */
    jobs: JobRunner;
    /** Work postponed until after replies; `await app.background.drain()` waits for all of it. */
    background: BackgroundTasks;
    /** The outgoing mail and text queue's sender (jobs/message-delivery.ts). */
    messages: MessageDelivery;
  }
}

export interface MemberServiceOptions {
  clock?: Clock;
  logger?: boolean | object;
}

/** The contract document at GET /openapi.json, behind the service key like every call. */
const MEMBER_SERVICE_OPENAPI = {
  title: 'Member service',
  description: 'The calls the member portal makes to a member service: every request and reply, from shared/contract.',
  version: '1',
  apiKeyHeader: 'x-service-key',
};

/** Secrets that must never reach a log line. */
const REDACT = [
  'req.headers.authorization',
  'req.headers["x-service-key"]',
  'req.body.password',
  'req.body.confirmPassword',
  'req.body.token',
  'req.body.code',
  'req.body.tempId',
];

/**
 * The reference member service: opens the store (running migrations), registers the routes of
 * README.md and closes the store when the app closes. It does not listen.
 */
export async function buildMemberService(config: MemberServiceConfig, options: MemberServiceOptions = {}): Promise<FastifyInstance> {
  const schemas = lazySchemaCompilers();
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: REDACT },
    childLoggerFactory: lazyChildLogger,
    bodyLimit: 64 * 1024,
    ajv: {
      customOptions: { coerceTypes: false, removeAdditional: true, useDefaults: true, allErrors: true },
      plugins: [addFreeTextFormat],
    },
    schemaController: schemas.schemaController,
    // What is refused before routing (headers too large, a malformed URL) answers in the envelope too.
    clientErrorHandler: clientErrorReply({ headers: {}, codeFor: (status) => (status === 408 ? 'servererror' : 'FormValidateFail') }),
    frameworkErrors: (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
      reply.code(400).send(fail('FormValidateFail')),
  });
  app.decorate('compileAllSchemas', schemas.compileAll);
  const passwords = passwordHasher(config.passwordHashCost);
  await passwords.prepare();
  const store = await openMemberStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost'),
  });
  const clock = options.clock ?? systemClock;
  const background = new BackgroundTasks(app.log);
  const mailer = createMailer({
    dataDir: config.dataDir,
    smtpUrl: config.smtpUrl,
    smtpAllowPlaintext: config.smtpAllowPlaintext,
    mailFrom: config.mailFrom,
    logger: app.log,
  });
  const messages = new MessageDelivery({
    ctx: { store, clock, config },
    mailer,
    sms: createSmsSender({
      dataDir: config.dataDir,
      webhookUrl: config.smsWebhookUrl,
      webhookToken: config.smsWebhookToken,
      logger: app.log,
    }),
    logger: app.log,
    background,
    retryMs: config.deliveryRetrySeconds * 1000,
    pollMs: config.deliveryPollSeconds * 1000,
    giveUpMs: config.deliveryGiveUpHours * 60 * 60 * 1000,
  });
  const ctx: ServiceContext = { config, store, clock, messages, background, passwords };
  const jobs = new JobRunner({
    store,
    clock,
    logger: app.log,
    jobs: scheduledJobs(messages),
    pollMs: config.jobPollSeconds * 1000,
  });
  const stopReadingQueueDepth = readMailQueueDepthWith(async () => (await store.outgoingMessages.stats()).depth);
  app.decorate('jobs', jobs);
  app.decorate('background', background);
  app.decorate('messages', messages);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    stopReadingQueueDepth();
    await jobs.stop();
    // Replies already given may still queue and send; what is left stays queued for the next start or another instance.
    await background.drain();
    messages.stop();
    mailer.close();
    await store.close();
    await passwords.close();
  });

  await app.register(errorsPlugin);
  await app.register(wellFormedText);
  await app.register(openApi, MEMBER_SERVICE_OPENAPI);
  await app.register(httpMetrics, { service: 'member-service' });
  await app.register(serviceKeyPlugin, { serviceKey: config.serviceKey });
  await app.register(memberAuthPlugin, { store, clock: ctx.clock });
  await app.register(openApiDocumentRoute, { path: '/openapi.json' });
  await app.register(healthRoutes, {
    checks: { database: databaseCheck(store) },
    advisories: { mailQueue: mailQueueCheck(() => store.outgoingMessages.stats(), clock, config.mailQueueMaxAgeSeconds * 1000) },
  });
  await app.register(authRoutes, ctx);
  await app.register(otpRoutes, ctx);
  await app.register(phoneProofRoutes, ctx);
  await app.register(ticketRoutes, ctx);
  await app.register(profileRoutes, ctx);
  await app.register(preferencesRoutes, ctx);
  await app.register(accountRoutes, ctx);
  await app.register(passwordRoutes, ctx);
  await app.register(passkeyRoutes, ctx);
  await app.register(registerRoutes, ctx);
  await app.register(activationRoutes, ctx);
  await app.register(socialRoutes, ctx);
  await app.register(securityEventRoutes, ctx);
  await app.register(claimsRoutes, ctx);
  await app.register(crmRoutes, ctx);
  await app.register(infoRoutes);
  return app;
}
