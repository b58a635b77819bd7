import fp from 'fastify-plugin';
import { Histogram } from 'prom-client';
import { metricsRegistry } from './registry.ts';

export type ServiceName = 'portal' | 'member-service';

/** Requests no route matched: pages of the client, unknown paths, refused methods. */
const UNMATCHED_ROUTE = '*';

const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the first byte of a request to its reply, by the route pattern that served it (never the raw URL).',
  labelNames: ['service', 'method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/**
 * Times every reply of the app it is registered on. The route label is the matched route's
 * pattern, so ids and tokens in paths never become label values; `service` tells the portal's
 * replies from the member service's when both run in one process.
 */
export const httpMetrics = fp<{ service: ServiceName }>(
  async (app, { service }) => {
    app.addHook('onResponse', async (request, reply) => {
      httpRequestDuration.observe(
        { service, method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    });
  },
  { name: 'http-metrics' },
);
