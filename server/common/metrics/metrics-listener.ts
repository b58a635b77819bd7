import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsRegistry } from './registry.ts';

export interface MetricsListenerOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
}

export interface MetricsListener {
  /** Where Prometheus scrapes, e.g. http://127.0.0.1:9464/metrics. */
  url: string;
  close(): Promise<void>;
}

/**
 * A listener of its own for Prometheus: GET /metrics answers the process's metrics in the text
 * format; anything else is 404. Kept off the public port so that the portal's traffic, error
 * rates and process details are seen only where operators bind it (loopback by default).
 */
export async function startMetricsListener(options: MetricsListenerOptions): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) =>
        response
          .writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' })
          .end(request.method === 'HEAD' ? undefined : text),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
