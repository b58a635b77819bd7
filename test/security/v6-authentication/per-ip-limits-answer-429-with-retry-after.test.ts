import t from 'tap';
import { buildBff } from '../../helper.ts';
import { startFakeUpstream } from '../../bff/fake-upstream.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

t.test('sign-in counts failed checks per IP, not sign-ins: 429 with Retry-After and TooManyRequests', async (t) => {
  const upstream = await startFakeUpstream(t, {
    'POST /api/Member/Login': ({ body }) =>
      body.userId === 'right@example.com'
        ? {
            body: {
              isSuccess: true,
              code: 'ok',
              data: { token: 'member-token', tokenExpiresAt: '', userId: body.userId, memberId: 1, status: 1 },
            },
          }
        : { body: { isSuccess: false, code: 'AccountOrPwdFail' } },
  });
  const { app } = await buildBff(t, { UPSTREAM_URL: upstream.url, LOGIN_FAILURES_PER_IP: '2', RATE_LIMIT_PER_MINUTE: '100' });
  const attempt = (userId: string, remoteAddress = '203.0.113.7') =>
    app.inject({ method: 'POST', url: '/api/Member/Login', payload: { userId, password: 'Secret123' }, headers: XHR, remoteAddress });
  for (let i = 0; i < 5; i += 1) t.equal((await attempt('right@example.com')).json().code, 'ok', `sign-in ${i + 1} is not counted`);
  t.equal((await attempt('a@example.com')).json().code, 'AccountOrPwdFail');
  t.equal((await attempt('b@example.com')).json().code, 'AccountOrPwdFail');
  const limited = await attempt('c@example.com');
  t.equal(limited.statusCode, 429);
  t.same(limited.json(), { isSuccess: false, code: 'TooManyRequests' });
  t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After in seconds');
  t.equal((await attempt('right@example.com')).statusCode, 429, 'the address waits, whatever it tries');
  t.equal((await attempt('right@example.com', '203.0.113.8')).json().code, 'ok', 'another IP is not affected');
  t.equal((await app.inject({ url: '/api/Member/IsLogin', remoteAddress: '203.0.113.7' })).statusCode, 200, 'other calls are not affected');
});

t.test('registration calls share a stricter limit; everything else the general one', async (t) => {
  const { app } = await buildBff(t, { REGISTER_RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_PER_MINUTE: '3' });
  const isExist = () => app.inject({ method: 'POST', url: '/api/Member/IsExist', payload: { email: 'a@example.com' }, headers: XHR });
  t.equal((await isExist()).statusCode, 502);
  t.equal((await isExist()).statusCode, 429);
  const reads = [];
  for (let i = 0; i < 4; i += 1) reads.push((await app.inject({ url: '/api/Member/IsLogin' })).statusCode);
  t.same(reads, [200, 200, 200, 429]);
  t.equal((await app.inject({ url: '/healthz' })).statusCode, 200, 'health checks are not limited');
});
