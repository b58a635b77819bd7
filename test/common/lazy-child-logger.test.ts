import t from 'tap';
import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { lazyChildLogger } from '../../server/common/lazy-child-logger.ts';

/** A Fastify app logging to memory, with a route that logs at the level it is asked for. */
async function appAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream, redact: { paths: ['*.password'], censor: '[redacted]' } },
    childLoggerFactory: lazyChildLogger,
  });
  app.get('/say/:level', async (request) => {
    const at = (request.params as { level: 'info' | 'warn' }).level;
    request.log[at]({ form: { password: 'hunter2' } }, `said at ${at}`);
    return { ok: true };
  });
  return { app, lines };
}

t.test('a line at an enabled level carries the request id, with redaction applied', async (t) => {
  const { app, lines } = await appAt('warn');
  t.teardown(() => app.close());
  await app.inject('/say/warn');
  const said = lines.find((line) => line.msg === 'said at warn');
  t.ok(said, 'the warning is written');
  t.match(said, { reqId: /^req-/, form: { password: '[redacted]' } });
});

t.test('a line below the level is not written, and the request still answers', async (t) => {
  const { app, lines } = await appAt('warn');
  t.teardown(() => app.close());
  const reply = await app.inject('/say/info');
  t.equal(reply.statusCode, 200);
  t.same(
    lines.filter((line) => line.msg === 'said at info'),
    [],
  );
});

t.test("Fastify's own request lines still come through at info", async (t) => {
  const { app, lines } = await appAt('info');
  t.teardown(() => app.close());
  await app.inject('/say/info');
  const ids = new Set(lines.filter((line) => line.msg === 'incoming request' || line.msg === 'said at info').map((line) => line.reqId));
  t.equal(ids.size, 1, 'both lines of the request name the same id');
  t.ok([...ids][0], 'and it is set');
});
