import { Writable } from 'node:stream';
import t from 'tap';
import { buildBff } from '../helper.ts';

/**
 * Each response writes one log line at info: the request (its path masked), the status and the
 * time it took; Fastify's separate "incoming request" line is gone. A forged-looking request
 * (a token in a page path, a secret in the query) is logged the same way, masked.
 */
t.test('one line per response, with the request, its status and its time, and nothing of its secrets', async (t) => {
  const lines: Array<Record<string, any>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const { app } = await buildBff(t, { LOG_LEVEL: 'info' }, { logger: { level: 'info', stream } });
  const requests = [
    { url: '/api/Member/IsLogin', headers: { 'x-requested-with': 'XMLHttpRequest' } },
    { url: '/api/Member', headers: { 'x-requested-with': 'XMLHttpRequest' } },
    { url: '/en/auth/verify-email/LinkToken0123456789/someone?callbackurl=https%3A%2F%2Fevil.example%2F%3Ftempid%3DQueryTicket0123' },
  ];
  for (const request of requests) {
    const before = lines.length;
    const reply = await app.inject(request);
    const written = lines.slice(before).filter((line) => line.msg === 'request completed' || line.msg === 'incoming request');
    t.equal(written.length, 1, `${request.url.slice(0, 40)}: one line`);
    t.equal(written[0]?.msg, 'request completed');
    t.equal(written[0]?.res?.statusCode, reply.statusCode, 'with its status');
    t.type(written[0]?.responseTime, 'number', 'and its time');
    t.type(written[0]?.reqId, 'string', "and its request's id");
  }
  const log = JSON.stringify(lines);
  t.notMatch(log, 'LinkToken0123456789', 'the path token is masked');
  t.notMatch(log, 'QueryTicket0123', 'the query is masked');
  t.ok(
    lines.some((line) => line.req?.url === '/api/Member/IsLogin'),
    'the request is named',
  );
});
