import t from 'tap';
import { buildBff, createActiveMember, createClient, signIn, startStack, validRegistration } from '../../helper.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const login = { userId: 'someone@example.com', password: 'Secret123' };

t.test('state-changing calls without the XMLHttpRequest marker are refused before anything runs', async (t) => {
  const { app } = await buildBff(t);
  const calls: Array<[string, string, unknown]> = [
    ['POST', '/api/Member/Login', login],
    ['POST', '/api/Member/Register', {}],
    ['POST', '/api/Member/IsExist', { email: 'a@example.com' }],
    ['POST', '/api/Member/Activate', { userId: 'u', token: 't' }],
    ['POST', '/api/Member/Reactivate', { userId: 'a@example.com' }],
    ['PUT', '/api/member', {}],
    ['GET', '/api/Member/Logout', undefined],
    ['GET', '/api/Member/Logout?callbackUrl=/en/login', undefined],
    ['GET', '/api/Member/Logout/', undefined],
  ];
  for (const [method, url, payload] of calls) {
    const res = await app.inject({ method: method as 'GET', url, payload: payload as object });
    t.equal(res.statusCode, 403, `${method} ${url}`);
    t.same(res.json(), { isSuccess: false, code: 'Forbidden' }, `${method} ${url}`);
    const wrongValue = await app.inject({
      method: method as 'GET',
      url,
      payload: payload as object,
      headers: { 'x-requested-with': 'fetch' },
    });
    t.equal(wrongValue.statusCode, 403, `${method} ${url} with another marker value`);
  }
  const read = await app.inject({ url: '/api/Member/IsLogin' });
  t.equal(read.statusCode, 200, 'reads need no marker');
});

t.test('a foreign Origin is refused even with the marker', async (t) => {
  const { app } = await buildBff(t, { PUBLIC_ORIGIN: 'http://member.example.com' });
  for (const origin of ['https://evil.example', 'null', 'http://member.example.com.evil.example', 'not a url']) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/Member/Login',
      payload: login,
      headers: { ...XHR, origin, host: 'member.example.com' },
    });
    t.equal(res.statusCode, 403, origin);
    t.same(res.json(), { isSuccess: false, code: 'Forbidden' });
  }
  // Same origin (by Host or by PUBLIC_ORIGIN) passes the guard and reaches the upstream, which is down here.
  for (const [origin, host] of [
    ['http://member.example.com', 'member.example.com'],
    ['http://localhost:3000', 'localhost:3000'],
    ['http://member.example.com', 'internal-name:3000'],
  ]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/Member/Login',
      payload: login,
      headers: { ...XHR, origin: origin!, host: host! },
    });
    t.equal(res.statusCode, 502, `${origin} on ${host} passes`);
  }
});

t.test('a refused request changes nothing', async (t) => {
  const stack = await startStack(t);
  const stranger = createClient(stack.bffUrl);
  const email = 'forged@example.com';
  const forged = await stranger.post('/api/Member/Register', validRegistration(email), { headers: { 'x-requested-with': undefined } });
  t.equal(forged.status, 403);
  t.same((await stranger.post('/api/Member/IsExist', { email })).body.data, { isExist: false }, 'no member was created');

  const member = await createActiveMember(stack);
  const browser = await signIn(stack, member);
  const profile = (await browser.get('/api/member')).body.data;
  const fromElsewhere = { headers: { origin: 'https://evil.example' } };
  const update = await browser.put('/api/member', { firstName: 'Mallory', lastName: profile.lastName }, fromElsewhere);
  t.equal(update.status, 403);
  t.equal((await browser.get('/api/member')).body.data.firstName, profile.firstName, 'the profile is unchanged');
  const logout = await browser.get('/api/Member/Logout', fromElsewhere);
  t.equal(logout.status, 403);
  const noMarker = await browser.get('/api/Member/Logout', { headers: { 'x-requested-with': undefined } });
  t.equal(noMarker.status, 403, 'a plain link or image cannot sign the member out');
  t.equal((await browser.get('/api/member')).status, 200, 'still signed in');
});
