import { createServer } from 'node:http';
import Fastify from 'fastify';
import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { databaseCheck, healthRoutes, mailQueueCheck } from '../../server/member-service/routes/health.ts';
import { buildBff, createClient, freePort, startStack, validRegistration } from '../helper.ts';
import { Writable } from 'node:stream';

t.test('health probes', async (t) => {
  /** A member service that is alive (/healthz) but answers /readyz as told, after `delayMs`. */
  async function memberServiceReadyAs(t: { teardown(fn: () => unknown): void }, ready: () => boolean, delayMs = 0) {
    let readinessCalls = 0;
    const server = createServer((request, response) => {
      if (request.url === '/readyz') readinessCalls += 1;
      const status = request.url === '/healthz' || (request.url === '/readyz' && ready()) ? 200 : 503;
      setTimeout(
        () =>
          response
            .writeHead(status, { 'content-type': 'application/json' })
            .end(JSON.stringify({ isSuccess: status === 200, code: status === 200 ? 'ok' : 'servererror' })),
        delayMs,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.teardown(() => new Promise((resolve) => server.close(resolve)));
    return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, readinessCalls: () => readinessCalls };
  }

  t.test('the portal: /healthz is alive, /readyz names the store and the member service, both in the envelope', async (t) => {
    const stack = await startStack(t);
    const alive = await fetch(`${stack.bffUrl}/healthz`);
    t.equal(alive.status, 200);
    t.equal(alive.headers.get('cache-control'), 'no-store');
    t.same(await alive.json(), { isSuccess: true, code: 'ok' });
    const ready = await fetch(`${stack.bffUrl}/readyz`);
    t.equal(ready.status, 200);
    t.same(await ready.json(), { isSuccess: true, code: 'ok', data: { store: 'ok', upstream: 'ok' } });
  });

  t.test('the portal is ready only when the member service is ready, not merely alive', async (t) => {
    let upstreamReady = false;
    const upstream = await memberServiceReadyAs(t, () => upstreamReady);
    const { app } = await buildBff(t, { UPSTREAM_URL: upstream.url });
    const notReady = await app.inject({ url: '/readyz' });
    t.equal(notReady.statusCode, 503);
    t.same(notReady.json(), { isSuccess: false, code: 'servererror', data: { store: 'ok', upstream: 'unavailable' } });
    t.equal((await app.inject({ url: '/healthz' })).statusCode, 200, 'alive all the same: nothing to restart');
    upstreamReady = true;
    t.equal((await app.inject({ url: '/readyz' })).statusCode, 200);
  });

  t.test('probes arriving while a check runs share it', async (t) => {
    const upstream = await memberServiceReadyAs(t, () => true, 200);
    const { app } = await buildBff(t, { UPSTREAM_URL: upstream.url });
    const replies = await Promise.all(Array.from({ length: 5 }, () => app.inject({ url: '/readyz' })));
    t.same(
      replies.map((reply) => reply.statusCode),
      [200, 200, 200, 200, 200],
    );
    t.equal(upstream.readinessCalls(), 1, 'one call to the member service for five probes');
    await app.inject({ url: '/readyz' });
    t.equal(upstream.readinessCalls(), 2, 'a later probe checks again');
  });

  t.test('the member service: /readyz names each check and advisory, and fails with a check that fails', async (t) => {
    const stack = await startStack(t);
    const ready = await fetch(`${stack.memberServiceUrl}/readyz`);
    t.same(
      [ready.status, await ready.json()],
      [200, { isSuccess: true, code: 'ok', data: { database: 'ok', mailQueue: 'ok' } }],
      'no service key needed',
    );

    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    let oldestQueuedAt: number | undefined;
    const app = Fastify({ logger: false });
    let databaseUp = true;
    await app.register(healthRoutes, {
      checks: { database: databaseCheck({ ping: async () => (databaseUp ? undefined : Promise.reject(new Error('connection refused'))) }) },
      advisories: { mailQueue: mailQueueCheck(async () => (oldestQueuedAt === undefined ? {} : { oldestQueuedAt }), clock, 15 * 60_000) },
    });
    t.teardown(() => app.close());
    t.same((await app.inject({ url: '/readyz' })).json().data, { database: 'ok', mailQueue: 'ok' }, 'an empty queue');
    oldestQueuedAt = clock.now();
    clock.advance(14 * 60_000);
    t.same((await app.inject({ url: '/readyz' })).json().data.mailQueue, 'ok', 'a mail waiting 14 minutes');
    clock.advance(60_000);
    const behind = await app.inject({ url: '/readyz' });
    t.same(
      [behind.statusCode, behind.json()],
      [200, { isSuccess: true, code: 'ok', data: { database: 'ok', mailQueue: 'behind' } }],
      'one waiting 15 minutes: reported, still ready (every instance shares the queue)',
    );
    databaseUp = false;
    const down = await app.inject({ url: '/readyz' });
    t.same(
      [down.statusCode, down.json()],
      [503, { isSuccess: false, code: 'servererror', data: { database: 'unavailable', mailQueue: 'behind' } }],
      'a check fails it',
    );
  });

  t.test('mail waiting past MAIL_QUEUE_MAX_AGE_SECONDS is reported, and neither server stops being ready', async (t) => {
    const clock = new ManualClock();
    const closedSmtp = `smtp://127.0.0.1:${await freePort()}`;
    const stack = await startStack(t, { clock, memberService: { smtpUrl: closedSmtp, mailQueueMaxAgeSeconds: 60 } });
    t.equal(
      (await createClient(stack.bffUrl).post('/api/Member/Register', validRegistration('queued@example.com'))).body.code,
      'ok',
      'registered with the mail server down',
    );
    await stack.apps.memberService.background.drain();
    const young = await fetch(`${stack.memberServiceUrl}/readyz`);
    t.same((await young.json()).data, { database: 'ok', mailQueue: 'ok' }, 'the activation mail waits, not yet long');
    clock.advance(61_000);
    const behind = await fetch(`${stack.memberServiceUrl}/readyz`);
    t.same([behind.status, await behind.json()], [200, { isSuccess: true, code: 'ok', data: { database: 'ok', mailQueue: 'behind' } }]);
    t.equal((await fetch(`${stack.bffUrl}/readyz`)).status, 200, 'the portal stays in rotation: registrations still work');
  });

  t.test('a check that throws counts as unavailable', async (t) => {
    const app = Fastify({ logger: false });
    await app.register(healthRoutes, {
      checks: { database: databaseCheck({ ping: async () => Promise.reject(new Error('connection refused')) }) },
    });
    t.teardown(() => app.close());
    const reply = await app.inject({ url: '/readyz' });
    t.same([reply.statusCode, reply.json()], [503, { isSuccess: false, code: 'servererror', data: { database: 'unavailable' } }]);
    t.same((await app.inject({ url: '/healthz' })).json(), { isSuccess: true, code: 'ok' });
  });
});

t.test('one log line per response', async (t) => {
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
});
