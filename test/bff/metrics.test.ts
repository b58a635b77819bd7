import t from 'tap';
import { startMetricsListener } from '../../server/common/metrics/metrics-listener.ts';
import { buildBff, createActiveMember, createClient, signIn, startStack } from '../helper.ts';
import { labelValues, scrape, valueOf, type Scrape } from '../helpers/metrics.ts';
import { visitorAt } from '../helpers/source-address.ts';

// One registry per process: the counters below are read as differences between two scrapes.
const listener = await startMetricsListener({ host: '127.0.0.1', port: 0 });
t.teardown(() => listener.close());
const metrics = () => scrape(listener.url);
const moved = (before: Scrape, after: Scrape, name: string, labels: Record<string, string | number> = {}) =>
  valueOf(after, name, labels) - valueOf(before, name, labels);

const stack = await startStack(t, {
  env: {
    RATE_LIMIT_PER_MINUTE: '100',
    OTP_RATE_LIMIT_PER_MINUTE: '2',
    LOGIN_FAILURES_PER_IP: '6',
  },
});

t.test('the metrics listener answers Prometheus text at /metrics and nothing else', async (t) => {
  const reply = await fetch(listener.url);
  t.equal(reply.status, 200);
  t.match(reply.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
  const text = await reply.text();
  for (const name of [
    'process_cpu_user_seconds_total',
    'process_resident_memory_bytes',
    'nodejs_eventloop_lag_seconds',
    'http_request_duration_seconds',
  ]) {
    t.match(text, new RegExp(`^# TYPE ${name} `, 'm'), `${name} is exposed`);
  }
  t.equal((await fetch(new URL('/', listener.url))).status, 404);
  t.equal((await fetch(new URL('/metricsx', listener.url))).status, 404);
  t.equal((await fetch(listener.url, { method: 'POST' })).status, 405);
});

t.test('metrics are never on the public ports', async (t) => {
  const portal = await createClient(stack.bffUrl).get('/metrics');
  t.equal(portal.status, 404);
  t.notMatch(portal.text, /http_request_duration_seconds|process_cpu/);
  t.equal((await createClient(stack.bffUrl).get('/api/metrics')).status, 404);
  const memberService = await fetch(new URL('/metrics', stack.memberServiceUrl), {
    headers: { 'x-service-key': stack.bffConfig.upstreamServiceKey },
  });
  t.equal(memberService.status, 404);
  t.notMatch(await memberService.text(), /http_request_duration_seconds/);
});

t.test('request durations are labelled by route pattern and service, never by the raw URL', async (t) => {
  const token = `tok${Date.now()}x9Zq`;
  const before = await metrics();
  await createClient(stack.bffUrl).get(`/api/Member/CheckResetPwdTokenIsExpired/${token}`);
  await createClient(stack.bffUrl).get(`/api/no-such-route-${token}`);
  const after = await metrics();
  const route = '/api/Member/CheckResetPwdTokenIsExpired/:token';
  t.equal(moved(before, after, 'http_request_duration_seconds_count', { service: 'portal', method: 'GET', route }), 1, 'the portal route');
  t.equal(
    moved(before, after, 'http_request_duration_seconds_count', { service: 'member-service', method: 'GET', route }),
    1,
    'the member-service route it called',
  );
  t.equal(
    moved(before, after, 'http_request_duration_seconds_count', { service: 'portal', route: '*', status_code: 404 }),
    1,
    'an unknown path counts as *',
  );
  t.notOk(
    [...after.keys()].some((key) => key.includes(token)),
    'the token is in no label',
  );
  t.ok(
    moved(before, after, 'portal_upstream_request_duration_seconds_count', { route }) === 1,
    'upstream calls by the pattern of the route called, without the token',
  );
});

t.test('a sign-in is one member service call; only a browser new to the member adds a second', async (t) => {
  const member = await createActiveMember(stack);
  const calls = (before: Scrape, after: Scrape, route: string) =>
    moved(before, after, 'portal_upstream_request_duration_seconds_count', { route });
  const signInFrom = async (browser: ReturnType<typeof createClient>) => {
    const reply = await browser.post('/api/Member/Login', { userId: member.email, password: member.password });
    t.equal(reply.body.code, 'ok');
  };
  const before = await metrics();
  const first = createClient(stack.bffUrl);
  await signInFrom(first);
  await signInFrom(first);
  await signInFrom(createClient(stack.bffUrl));
  // The new-device calls follow their replies: wait for the second, which the third sign-in made.
  let after = await metrics();
  for (let tries = 0; tries < 100 && calls(before, after, '/api/Member/SecurityEvents/NewDeviceSignIn') < 2; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    after = await metrics();
  }
  t.equal(calls(before, after, '/api/Member/Login'), 3, 'each sign-in asked the member service once');
  t.equal(calls(before, after, '/api/Member/SecurityEvents'), 0, 'which recorded the sign-in event itself');
  t.equal(calls(before, after, '/api/Member/SecurityEvents/NewDeviceSignIn'), 2, 'the returning browser made no second call');
});

t.test('sign-ins, lockouts and upstream outcomes are counted', async (t) => {
  const member = await createActiveMember(stack);
  const before = await metrics();
  await signIn(stack, member);
  const wrong = await createClient(stack.bffUrl).post('/api/Member/Login', { userId: member.email, password: 'Not-the-password1' });
  t.equal(wrong.body.code, 'AccountOrPwdFail');
  const mid = await metrics();
  t.equal(moved(before, mid, 'portal_sign_ins_total', { method: 'password', code: 'ok' }), 1);
  t.equal(moved(before, mid, 'portal_sign_ins_total', { method: 'password', code: 'AccountOrPwdFail' }), 1);
  t.equal(moved(before, mid, 'portal_upstream_request_duration_seconds_count', { route: '/api/Member/Login', outcome: 'ok' }), 1);
  t.equal(moved(before, mid, 'portal_upstream_request_duration_seconds_count', { route: '/api/Member/Login', outcome: 'refused' }), 1);

  // From an address of its own, so that its failures do not touch the other tests' limits.
  const guesser = visitorAt(stack.bffUrl, '127.0.0.31');
  const victim = await createActiveMember(stack);
  const codes: string[] = [];
  for (let attempt = 0; attempt < 6; attempt += 1) {
    codes.push((await guesser.post('/api/Member/Login', { userId: victim.email, password: `Wrong-guess-${attempt}` })).body.code);
  }
  t.same(codes, ['AccountOrPwdFail', 'AccountOrPwdFail', 'AccountOrPwdFail', 'AccountOrPwdFail', 'AccountLock', 'AccountLock']);
  const after = await metrics();
  t.equal(moved(mid, after, 'portal_lockouts_total'), 1, 'one lock, however many tries meet it');
  t.equal(moved(mid, after, 'portal_sign_ins_total', { method: 'password', code: 'AccountLock' }), 2);

  const code = await createClient(stack.bffUrl).post('/api/Member/otpVerify', { userId: member.email, code: '000000', otpVerifyType: 1 });
  t.equal(
    moved(after, await metrics(), 'portal_sign_ins_total', { method: 'code', code: code.body.code }),
    1,
    `a code sign-in (${code.body.code})`,
  );
});

t.test('a refused passkey sign-in is counted as a passkey sign-in', async (t) => {
  const credential = { id: 'bm8tc3VjaC1rZXk', rawId: 'bm8tc3VjaC1rZXk', type: 'public-key', response: {}, clientExtensionResults: {} };
  const passkey = await createClient(stack.bffUrl).post('/api/Member/Passkey/Login', { credential });
  t.equal(passkey.body.code, 'PasskeyNotAccepted', 'an assertion for no challenge of this browser');
  t.equal(
    valueOf(await metrics(), 'portal_sign_ins_total', { method: 'passkey', code: passkey.body.code }),
    1,
    'is counted as a passkey sign-in',
  );
});

t.test('code sends by channel and outcome', async (t) => {
  const member = await createActiveMember(stack);
  const browser = createClient(stack.bffUrl);
  const before = await metrics();
  t.equal((await browser.post('/api/Member/SendOtpCode', { userId: member.email, otpVerifyType: 1 })).body.code, 'ok');
  t.equal((await browser.post('/api/Member/SendOtpCode', { userId: member.email, otpVerifyType: 1 })).body.code, 'ok');
  const after = await metrics();
  t.equal(moved(before, after, 'portal_otp_sends_total', { channel: 'email', outcome: 'sent' }), 1);
  t.equal(moved(before, after, 'portal_otp_sends_total', { channel: 'email', outcome: 'window' }), 1, 'the second within the send window');
});

t.test('every limit that refuses is counted under its name', async (t) => {
  const before = await metrics();
  const crowd = visitorAt(stack.bffUrl, '127.0.0.32');
  let status = 0;
  for (let request = 0; request <= 100 && status !== 429; request += 1) status = (await crowd.post('/api/Member/Login', {})).status;
  t.equal(status, 429, 'the per-IP request limit');

  const sender = visitorAt(stack.bffUrl, '127.0.0.33');
  const sends = [];
  for (let request = 0; request < 3; request += 1)
    sends.push((await sender.post('/api/Member/SendOtpCode', { userId: `nobody${request}@example.com`, otpVerifyType: 1 })).status);
  t.same(sends, [200, 200, 429], 'the route limit of code sends');

  const sprayer = visitorAt(stack.bffUrl, '127.0.0.34');
  const sprayed = [];
  for (let request = 0; request < 7; request += 1)
    sprayed.push((await sprayer.post('/api/Member/Login', { userId: `sprayed${request}@example.com`, password: 'Summer2024!' })).status);
  t.equal(sprayed.at(-1), 429, 'the failed sign-ins of one address');

  const after = await metrics();
  t.equal(moved(before, after, 'portal_rate_limited_total', { limit: 'ip' }), 1);
  t.equal(moved(before, after, 'portal_rate_limited_total', { limit: 'route' }), 1);
  t.equal(moved(before, after, 'portal_rate_limited_total', { limit: 'sign_in_failures' }), 1);
  // The per-IP limit refuses before the sign-in starts (counted under its limit above); the
  // address's failures refuse the attempt itself, which counts as a sign-in.
  t.equal(
    moved(before, after, 'portal_sign_ins_total', { method: 'password', code: 'TooManyRequests' }),
    1,
    'and the refused attempt as a sign-in',
  );
});

t.test('periodic job runs are counted by job and outcome', async (t) => {
  const job = stack.apps.memberService.jobs.jobNames[0]!;
  const before = await metrics();
  t.equal(await stack.apps.memberService.jobs.runNow(job), true);
  t.equal(moved(before, await metrics(), 'member_jobs_total', { job, outcome: 'ok' }), 1);
});

t.test('an unreachable member service is counted as such', async (t) => {
  const { app } = await buildBff(t);
  const before = await metrics();
  t.equal(
    (
      await app.inject({
        method: 'POST',
        url: '/api/Member/Login',
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        payload: { userId: 'ada@example.com', password: 'Lovelace1815' },
      })
    ).statusCode,
    502,
  );
  const after = await metrics();
  t.equal(
    moved(before, after, 'portal_upstream_request_duration_seconds_count', { route: '/api/Member/Login', outcome: 'unreachable' }),
    1,
  );
  t.equal(moved(before, after, 'portal_sign_ins_total', { method: 'password', code: 'servererror' }), 1);
  t.same(
    labelValues(after, 'portal_upstream_request_duration_seconds_count', 'outcome').filter(
      (o) => !['ok', 'refused', 'timeout', 'unreachable', 'server_error', 'bad_reply'].includes(o),
    ),
    [],
  );
});
