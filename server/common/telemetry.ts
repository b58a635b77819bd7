/**
 * Optional tracing. With OTEL_EXPORTER_OTLP_ENDPOINT set, OpenTelemetry is loaded and started
 * (telemetry-sdk.ts); without it, nothing of OpenTelemetry is loaded at all. Called first thing
 * by an entry point, before it imports the app, so that the modules traced are patched as they
 * load.
 */
export async function startTelemetryIfConfigured(serviceName: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  const { startTelemetry } = await import('./telemetry-sdk.ts');
  startTelemetry(env.OTEL_SERVICE_NAME || serviceName);
}
