import { startTelemetryIfConfigured } from '../common/telemetry.ts';

// Tracing first, when configured: the app's modules are imported after it, to be traced as they load.
await startTelemetryIfConfigured('member-service');
const { startMetricsListener } = await import('../common/metrics/metrics-listener.ts');
const { buildMemberService } = await import('./app.ts');
const { loadMemberServiceConfig } = await import('./config.ts');

const config = loadMemberServiceConfig();
const app = await buildMemberService(config);
await app.listen({ host: config.host, port: config.port });
const metrics = config.metrics ? await startMetricsListener(config.metrics) : undefined;
if (metrics) app.log.info({ metrics: metrics.url }, 'metrics listener started');

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'closing the member service');
  try {
    await app.close();
    await metrics?.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'closing failed');
    process.exit(1);
  }
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
