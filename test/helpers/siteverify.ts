import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface TeardownTarget {
  teardown(fn: () => unknown): void;
}

export interface SiteverifyCall {
  secret: string;
  response: string;
  remoteip: string;
}

/**
 * A local captcha provider speaking the siteverify protocol of reCAPTCHA and Turnstile:
 * form-encoded `secret`, `response`, `remoteip` in, JSON `{ success, error-codes }` out.
 * Tokens handed out by `issue()` pass once with the right secret, like the real providers'.
 */
export async function startSiteverify(t: TeardownTarget, secret: string) {
  /** Each valid token and the hostname of the page it was solved on. */
  const valid = new Map<string, string>();
  const calls: SiteverifyCall[] = [];
  let counter = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      const call = { secret: form.get('secret') ?? '', response: form.get('response') ?? '', remoteip: form.get('remoteip') ?? '' };
      calls.push(call);
      let errorCodes: string[] = [];
      const hostname = valid.get(call.response);
      if (request.method !== 'POST') errorCodes = ['bad-request'];
      else if (call.secret !== secret) errorCodes = ['invalid-input-secret'];
      else if (!valid.delete(call.response)) errorCodes = [call.response === '' ? 'missing-input-response' : 'invalid-input-response'];
      response.writeHead(200, { 'content-type': 'application/json' });
      const success = errorCodes.length === 0;
      response.end(JSON.stringify({ success, 'error-codes': errorCodes, ...(success ? { hostname } : {}) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    calls,
    /** A fresh token the provider will accept once, solved on a page of `hostname` (the tests' portal by default). */
    issue(hostname = '127.0.0.1'): string {
      const token = `token-${++counter}-${Math.random().toString(36).slice(2)}`;
      valid.set(token, hostname);
      return token;
    },
  };
}
