import type { FastifyInstance } from 'fastify';
import type { Clock } from './common/clock.ts';
import { buildMemberService } from './member-service/app.ts';
import { loadMemberServiceConfig, type MemberServiceConfig } from './member-service/config.ts';
import type { BffConfig } from './bff/config.ts';

export interface InProcessMemberService {
  app: FastifyInstance;
  url: string;
  config: MemberServiceConfig;
}

/**
 * Starts the reference member service on a free loopback port, sharing the portal's DATA_DIR,
 * keys and public origin, for a portal started without UPSTREAM_URL.
 */
export async function startInProcessMemberService(
  bff: BffConfig,
  env: NodeJS.ProcessEnv = process.env,
  options: { clock?: Clock; overrides?: Partial<MemberServiceConfig> } = {},
): Promise<InProcessMemberService> {
  const config: MemberServiceConfig = {
    ...loadMemberServiceConfig({
      ...env,
      DATA_DIR: bff.dataDir,
      SERVICE_KEY: bff.upstreamServiceKey,
      PASSWORD_ENCODING_KEY: bff.passwordEncodingKey,
      PUBLIC_ORIGIN: bff.publicOrigin,
      LOG_LEVEL: env.LOG_LEVEL ?? bff.logLevel,
    }),
    host: '127.0.0.1',
    port: 0,
    // Its metrics share the portal's registry, so the portal's listener serves them.
    metrics: undefined,
    ...options.overrides,
  };
  const app = await buildMemberService(config, { clock: options.clock });
  const url = await app.listen({ host: config.host, port: config.port });
  return { app, url, config };
}
