import { createServer, type IncomingMessage } from 'node:http';

export interface RecordedCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

type Answer = (call: RecordedCall) => { status?: number; body: unknown };

/**
 * A stand-in member service on a loopback port that answers from a table and records every
 * call, for checking exactly what the portal sends upstream and what it does with odd replies.
 */
export async function startFakeUpstream(t: { teardown(fn: () => unknown): void }, answers: Record<string, Answer>) {
  const calls: RecordedCall[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const call = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : undefined };
      calls.push(call);
      const answer = answers[`${call.method} ${call.path.split('?')[0]}`];
      const { status = 200, body } = answer ? answer(call) : { status: 404, body: { isSuccess: false, code: 'NotFound' } };
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, calls };
}
