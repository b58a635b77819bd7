/**
 * OpenTelemetry tracing, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (telemetry.ts):
 * spans for incoming HTTP and Fastify routes, undici calls (which carry the W3C `traceparent`
 * to the member service), PostgreSQL queries and Redis commands, their URLs masked as in the
 * log (telemetry-url-masking.ts), sent as OTLP/HTTP JSON to
 * `$OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces`. The exporter and the batching follow the standard
 * OTEL_* variables.
 */
import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import { urlMasking } from './telemetry-url-masking.ts';

/**
 * Packages patched through the module loader's hook when imported as ES modules (ioredis; pg
 * is loaded with `require` where a database URL asks for it, and patched through that).
 */
const HOOKED_PACKAGES = ['pg', 'pg-pool', 'ioredis'];

let sdk: NodeSDK | undefined;

export function startTelemetry(serviceName: string): void {
  if (sdk) return;
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: HOOKED_PACKAGES } });
  sdk = new NodeSDK({
    serviceName,
    spanProcessors: [urlMasking, new tracing.BatchSpanProcessor(new OTLPTraceExporter())],
    instrumentations: [
      new HttpInstrumentation(),
      // Route spans under the HTTP span: registered on every Fastify app as it is created.
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      new UndiciInstrumentation(),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  sdk.start();
  // Whatever is still batched goes out when the process is asked to stop.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void sdk?.shutdown().catch(() => undefined));
}
