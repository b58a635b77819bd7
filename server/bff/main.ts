import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadBffConfig } from './config.ts';
import { startInProcessMemberService } from './in-process-member-service.ts';

async function main() {
  const config = loadBffConfig();
  let memberService: FastifyInstance | undefined;
  if (!config.upstreamUrl) {
    const started = await startInProcessMemberService(config);
    memberService = started.app;
    config.upstreamUrl = started.url;
  }

  const app = await buildApp(config);
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await memberService?.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const upstream = memberService ? `reference member service in-process at ${config.upstreamUrl}` : config.upstreamUrl;
  console.log(`Member portal listening on ${config.publicOrigin} (upstream: ${upstream})`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
