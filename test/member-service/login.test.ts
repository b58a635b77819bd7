import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { PASSWORD, linkParts, register, startMemberService, type TestService } from './service.ts';

async function activeMember(service: TestService, email = 'ada@example.com') {
  await register(service, { email });
  const link = linkParts(findLink(await waitForMail(service.dataDir, email), /activate-member/)!);
  await service.call('POST', '/api/Member/Activate', { body: { userId: link.publicId, token: link.token, registrantEmail: email } });
}

const login = (service: TestService, userId: string, password: string) =>
  service.app.inject({
    method: 'POST',
    url: '/api/Member/Login',
    headers: { 'x-service-key': service.config.serviceKey },
    payload: { userId, password },
  });

t.test('unknown account and wrong password get exactly the same reply', async (t) => {
  const service = await startMemberService(t);
  await activeMember(service);
  const wrong = await login(service, 'ada@example.com', service.encode('Wrong123!'));
  const unknown = await login(service, 'nobody@example.com', service.encode('Wrong123!'));
  const garbled = await login(service, 'ada@example.com', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  const expected = { isSuccess: false, code: 'AccountOrPwdFail' };
  for (const [name, reply] of [
    ['wrong password', wrong],
    ['unknown account', unknown],
    ['undecodable password', garbled],
  ] as const) {
    t.equal(reply.statusCode, 200, name);
    t.same(reply.json(), expected, name);
    t.equal(reply.body, wrong.body, `${name}: byte for byte`);
    t.equal(reply.headers['content-length'], wrong.headers['content-length'], `${name}: same length`);
  }
  t.equal((await login(service, 'ada@example.com', service.encode(PASSWORD))).json().code, 'ok', 'the right password still works');
});

t.test('member tokens expire', async (t) => {
  const clock = new ManualClock(Date.UTC(2025, 0, 1));
  const service = await startMemberService(t, { tokenTtlSeconds: 3600 }, { clock });
  await activeMember(service);
  const reply = (await login(service, 'ada@example.com', service.encode(PASSWORD))).json();
  t.equal(reply.data.tokenExpiresAt, '2025-01-01T01:00:00.000Z');
  clock.advance(3600 * 1000 - 1);
  t.equal((await service.call('GET', '/api/Member/IsLogin', { token: reply.data.token })).status, 200);
  clock.advance(1);
  t.same((await service.call('GET', '/api/Member/IsLogin', { token: reply.data.token })).body, { isSuccess: false, code: 'Unauthorized' });
});

t.test('bearer tokens: missing, malformed or unknown are 401', async (t) => {
  const service = await startMemberService(t);
  for (const authorization of [undefined, 'Bearer', 'Basic abc', `Bearer ${'x'.repeat(43)}`, 'Bearer short', `Bearer ${'a'.repeat(500)}`]) {
    const reply = await service.app.inject({
      method: 'GET',
      url: '/api/Member',
      headers: { 'x-service-key': service.config.serviceKey, ...(authorization ? { authorization } : {}) },
    });
    t.same([reply.statusCode, reply.json()], [401, { isSuccess: false, code: 'Unauthorized' }], String(authorization));
  }
});

t.test('the service key is required everywhere but the health checks', async (t) => {
  const service = await startMemberService(t);
  const paths: Array<['GET' | 'POST' | 'PUT', string]> = [
    ['POST', '/api/Member/Login'],
    ['POST', '/api/Member/Register'],
    ['POST', '/api/Member/IsExist'],
    ['POST', '/api/Member/Activate'],
    ['POST', '/api/Member/Reactivate'],
    ['GET', '/api/Member'],
    ['PUT', '/api/member'],
    ['GET', '/api/Member/Logout'],
    ['GET', '/api/info/V2/Countries/false'],
    ['GET', '/api/info/option/0/0'],
    ['GET', '/no/such/path'],
  ];
  for (const [method, url] of paths) {
    for (const serviceKey of [null, 'wrong-key-of-some-length', `${service.config.serviceKey}x`]) {
      const reply = await service.call(method, url, { serviceKey, body: method === 'GET' ? undefined : {} });
      t.same([reply.status, reply.body], [403, { isSuccess: false, code: 'Forbidden' }], `${method} ${url} with ${serviceKey ?? 'no key'}`);
    }
  }
  for (const url of ['/healthz', '/readyz']) {
    t.match((await service.call('GET', url, { serviceKey: null })).body, { isSuccess: true, code: 'ok' }, url);
  }
  t.same((await service.call('GET', '/no/such/path')).body, { isSuccess: false, code: 'NotFound' }, 'with the key: not found');
});

t.test('inactive and deactivated members cannot sign in', async (t) => {
  const service = await startMemberService(t);
  await activeMember(service, 'gone@example.com');
  const { openMemberStore } = await import('../../server/member-service/store/store.ts');
  const direct = await openMemberStore({ dataDir: service.dataDir });
  t.teardown(() => direct.close());
  const member = await direct.members.findByEmail('gone@example.com');
  for (const status of [4, 5]) {
    await direct.members.update(member!.id, { status });
    t.same(
      (await login(service, 'gone@example.com', service.encode(PASSWORD))).json(),
      { isSuccess: false, code: 'unauthorized' },
      `status ${status}`,
    );
  }
});
