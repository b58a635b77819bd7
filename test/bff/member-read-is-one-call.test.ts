import { Value } from '@sinclair/typebox/value';
import t from 'tap';
import { MemberSchema } from '../../shared/schemas/member.ts';
import { buildBff } from '../helper.ts';
import { startFakeUpstream } from './fake-upstream.ts';

/**
 * GET /api/Member is the login check of the screens that read the member: signed out it answers
 * 401 without asking the member service; signed in it costs one member-service call.
 */
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const SIGNED_IN = {
  isSuccess: true,
  code: 'ok',
  data: { token: 'member-token-1', tokenExpiresAt: '2099-01-01T00:00:00.000Z', userId: 'a@example.com', memberId: 7, status: 1 },
};

t.test('signed out: 401 with the envelope and no member-service call; signed in: one call', async (t) => {
  const upstream = await startFakeUpstream(t, {
    'POST /api/Member/Login': () => ({ body: SIGNED_IN }),
    'POST /api/Member/SecurityEvents': () => ({ body: { isSuccess: true, code: 'ok', data: { id: 'e1' } } }),
    'GET /api/member': () => ({ body: { isSuccess: true, code: 'ok', data: { ...Value.Create(MemberSchema), email: 'a@example.com' } } }),
  });
  const { app } = await buildBff(t, { UPSTREAM_URL: upstream.url, UPSTREAM_SERVICE_KEY: 's'.repeat(32) });
  const memberCalls = () => upstream.calls.filter((call) => call.path !== '/api/Member/SecurityEvents');

  const visitor = await app.inject({ url: '/api/Member', headers: XHR });
  t.equal(visitor.statusCode, 401);
  t.same(visitor.json(), { isSuccess: false, code: 'Unauthorized' });
  t.equal(upstream.calls.length, 0, 'no member-service call for a visitor');

  const login = await app.inject({
    method: 'POST',
    url: '/api/Member/Login',
    payload: { userId: 'a@example.com', password: 'Secret123' },
    headers: XHR,
  });
  t.equal(login.statusCode, 200);
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const before = memberCalls().length;
  const read = await app.inject({ url: '/api/Member', headers: { ...XHR, cookie } });
  t.equal(read.statusCode, 200);
  t.equal(read.json().data.email, 'a@example.com');
  t.same(
    memberCalls()
      .slice(before)
      .map((call) => `${call.method} ${call.path}`),
    ['GET /api/member'],
    'one member-service call',
  );
});

t.test('an attacker with a made-up session cookie gets 401 and reaches nothing upstream', async (t) => {
  const upstream = await startFakeUpstream(t, {});
  const { app } = await buildBff(t, { UPSTREAM_URL: upstream.url, UPSTREAM_SERVICE_KEY: 's'.repeat(32) });
  for (const cookie of ['sid=forged', 'sid=s%3Aforged.c2lnbmF0dXJl', '__Host-sid=forged']) {
    const reply = await app.inject({ url: '/api/Member', headers: { ...XHR, cookie } });
    t.equal(reply.statusCode, 401, cookie);
  }
  t.equal(upstream.calls.length, 0);
});
