import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The one metrics registry of the process. The portal and an in-process member service share
 * it, so one /metrics listener serves both; a standalone member service has its own process
 * and so its own registry. Metric objects are created once, at import, by the modules that
 * define them (server/bff/metrics, server/member-service/metrics).
 */
export const metricsRegistry = new Registry();

// CPU, memory, event-loop lag, garbage collection, open handles: read at every scrape.
collectDefaultMetrics({ register: metricsRegistry });
