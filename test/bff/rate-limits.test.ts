import t from 'tap';
import { buildBff } from '../helper.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

t.test('sign-in has its own, stricter limit per IP: 429 with Retry-After and TooManyRequests', async (t) => {
  const { app } = await buildBff(t, { LOGIN_RATE_LIMIT_PER_MINUTE: '2', RATE_LIMIT_PER_MINUTE: '100' });
  const attempt = (remoteAddress = '203.0.113.7') =>
    app.inject({ method: 'POST', url: '/api/Member/Login', payload: { userId: 'a@example.com', password: 'Secret123' }, headers: XHR, remoteAddress });
  t.equal((await attempt()).statusCode, 502, 'first attempt reaches the (absent) member service');
  t.equal((await attempt()).statusCode, 502);
  const limited = await attempt();
  t.equal(limited.statusCode, 429);
  t.same(limited.json(), { isSuccess: false, code: 'TooManyRequests' });
  t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After in seconds');
  t.equal((await attempt('203.0.113.8')).statusCode, 502, 'another IP is not affected');
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
