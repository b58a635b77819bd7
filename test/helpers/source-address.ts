import { request } from 'node:http';

export interface VisitorReply {
  status: number;
  headers: Headers;
  body: any;
}

/**
 * Sends the portal JSON requests (with the XMLHttpRequest marker) from another loopback
 * address: every 127.x.y.z reaches loopback, so each one acts as another visitor's IP.
 * node:http, because undici's fetch does not bind the socket to `localAddress`.
 */
export function visitorAt(baseUrl: string, localAddress: string) {
  const base = new URL(baseUrl);
  return {
    post(path: string, body: unknown): Promise<VisitorReply> {
      const payload = JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const outgoing = request(
          {
            host: base.hostname,
            port: base.port,
            path,
            method: 'POST',
            localAddress,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
              'x-requested-with': 'XMLHttpRequest',
              accept: 'application/json',
            },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => {
              const headers = new Headers();
              for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') headers.set(name, value);
              resolve({ status: response.statusCode ?? 0, headers, body: JSON.parse(text) });
            });
          },
        );
        outgoing.on('error', reject);
        outgoing.end(payload);
      });
    },
  };
}
