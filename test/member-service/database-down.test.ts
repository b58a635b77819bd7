import t from 'tap';
import { postgresAvailable, startPostgres } from '../helpers/postgres.ts';
import { PASSWORD, startMemberService } from './service.ts';

t.test('when the database goes away: 503 from /readyz and servererror without details', { skip: !postgresAvailable() }, async (t) => {
  const postgres = await startPostgres();
  t.teardown(() => postgres.stop());
  const service = await startMemberService(t, { databaseUrl: await postgres.createDatabase() });
  t.same((await service.call('GET', '/readyz', { serviceKey: null })).body, {
    isSuccess: true,
    code: 'ok',
    data: { database: 'ok', mailQueue: 'ok' },
  });

  await postgres.stop();
  const ready = await service.call('GET', '/readyz', { serviceKey: null });
  t.same(
    [ready.status, ready.body],
    [503, { isSuccess: false, code: 'servererror', data: { database: 'unavailable', mailQueue: 'unavailable' } }],
  );
  const login = await service.app.inject({
    method: 'POST',
    url: '/api/Member/Login',
    headers: { 'x-service-key': service.config.serviceKey },
    payload: { userId: 'ada@example.com', password: service.encode(PASSWORD) },
  });
  t.equal(login.statusCode, 500);
  t.same(login.json(), { isSuccess: false, code: 'servererror' }, 'no message, no stack trace');
  t.same(
    (await service.call('GET', '/healthz', { serviceKey: null })).body,
    { isSuccess: true, code: 'ok' },
    'the process itself is alive',
  );
});
