/**
 * `npm start`: the portal and, when UPSTREAM_URL is unset, the reference member service in the
 * same process on a loopback port. The one place that puts the two servers together.
 */
import type { FastifyInstance } from 'fastify';
import type { MetricsListener } from './common/metrics/metrics-listener.ts';
import { startTelemetryIfConfigured } from './common/telemetry.ts';

// Tracing first, when configured: the app's modules are imported after it, to be traced as they load.
await startTelemetryIfConfigured('member-portal');
const { startMetricsListener } = await import('./common/metrics/metrics-listener.ts');
const { buildApp } = await import('./bff/app.ts');
const { loadBffConfig } = await import('./bff/config.ts');
const { startInProcessMemberService } = await import('./in-process-member-service.ts');

async function main() {
  const config = loadBffConfig();
  let memberService: FastifyInstance | undefined;
  if (!config.upstreamUrl) {
    const started = await startInProcessMemberService(config);
    memberService = started.app;
    config.upstreamUrl = started.url;
  }

  const app = await buildApp(config);
  let metrics: MetricsListener | undefined;
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await memberService?.close();
    await metrics?.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  // One listener for the process: an in-process member service's metrics are in the same registry.
  if (config.metrics) metrics = await startMetricsListener(config.metrics);
  const upstream = memberService ? `reference member service in-process at ${config.upstreamUrl}` : config.upstreamUrl;
  console.log(`Member portal listening on ${config.publicOrigin} (upstream: ${upstream})`);
  if (metrics) console.log(`Metrics at ${metrics.url}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
