import t from 'tap';
import { buildBff } from '../../helper.ts';
import { rawExchange } from '../../helpers/raw-http.ts';

// A client that sends its body one byte every few seconds holds a connection (and whatever
// the server set aside for the request) for as long as it likes. The whole request, body
// included, has a deadline (REQUEST_TIMEOUT_MS, short here); past it the connection is
// answered 408 and closed.
const { app, config } = await buildBff(t, { REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '1000', KEEP_ALIVE_TIMEOUT_MS: '1500' });
const url = await app.listen({ host: '127.0.0.1', port: 0 });

const BODY = JSON.stringify({ userId: 'slow@example.com', password: 'Lovelace1815x' }).padEnd(60, ' ');
const HEAD =
  'POST /api/Member/Login HTTP/1.1\r\nHost: portal.example\r\nContent-Type: application/json\r\nX-Requested-With: XMLHttpRequest\r\n' +
  `Content-Length: ${BODY.length}\r\n\r\n`;

t.test('ten bodies sent a byte at a time are all cut off before they finish', async (t) => {
  const replies = await Promise.all(Array.from({ length: 10 }, () => rawExchange(url, HEAD, { trickle: BODY, everyMs: 300 })));
  for (const [index, reply] of replies.entries()) {
    t.equal(reply.status, 408, `connection ${index + 1}: 408 Request Timeout`);
    t.ok(
      reply.bytesSent < HEAD.length + BODY.length,
      `connection ${index + 1}: closed with ${reply.bytesSent - HEAD.length} of ${BODY.length} body bytes sent`,
    );
    t.same(JSON.parse(reply.body), { isSuccess: false, code: 'servererror' }, 'the reply envelope');
  }
  const normal = await fetch(`${url}/api/Member/IsLogin`);
  t.equal(normal.status, 200, 'other visitors are served meanwhile');
});

t.test('the configured deadlines are the server’s', async (t) => {
  t.equal(app.server.requestTimeout, config.requestTimeoutMs);
  t.equal(app.server.headersTimeout, config.headersTimeoutMs);
  t.equal(app.server.keepAliveTimeout, config.keepAliveTimeoutMs);
});
