import t, { type Test } from 'tap';
import { decodePassword } from '../../server/common/password-encoding.ts';
import { buildBff } from '../helper.ts';
import { startFakeUpstream } from './fake-upstream.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const SERVICE_KEY = 's'.repeat(32);
const OPEN_REDIRECTS = [
  '//evil.example',
  '/\\evil.example',
  'https:evil.example',
  'https://allowed.example\\@evil.example',
  'https://allowed.example.evil.example',
  '%2F%2Fevil.example',
  'javascript:alert(1)',
  '/en/login\r\nLocation: https://evil.example',
  'https://user@allowed.example/',
];

function loginAnswer(redirectUrl?: string) {
  return () => ({
    body: {
      isSuccess: true,
      code: 'ok',
      data: {
        token: 'member-token-1',
        tokenExpiresAt: '2099-01-01T00:00:00.000Z',
        userId: 'a@example.com',
        memberId: 7,
        status: 1,
        ...(redirectUrl ? { redirectUrl } : {}),
      },
    },
  });
}

async function portal(t: Test, answers: Parameters<typeof startFakeUpstream>[1]) {
  const upstream = await startFakeUpstream(t, answers);
  const { app, config } = await buildBff(t, {
    UPSTREAM_URL: upstream.url,
    UPSTREAM_SERVICE_KEY: SERVICE_KEY,
    ALLOWED_CALLBACK_HOSTS: 'allowed.example',
  });
  return { app, config, calls: upstream.calls };
}

t.test('sign-in: service key, encoded password, token kept in the session and sent as Bearer, revoked at sign-out', async (t) => {
  const { app, config, calls } = await portal(t, {
    'POST /api/Member/Login': loginAnswer(),
    'GET /api/member': () => ({ body: { isSuccess: true, code: 'ok', data: { email: 'a@example.com' } } }),
    'GET /api/Member/Logout': () => ({ body: { isSuccess: true, code: 'ok' } }),
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/Member/Login',
    payload: { userId: 'a@example.com', password: 'Secret123' },
    headers: XHR,
  });
  t.equal(login.statusCode, 200);
  t.notMatch(login.body, /member-token-1|tokenExpiresAt/, 'no token in the reply');
  const sent = calls[0]!;
  t.equal(sent.headers['x-service-key'], SERVICE_KEY);
  t.not(sent.body.password, 'Secret123', 'the password travels encoded');
  t.equal(decodePassword(sent.body.password, config.passwordEncodingKey), 'Secret123');

  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  // Security events are recorded beside these calls; only the member's own calls are looked at.
  const last = (path: string) => calls.filter((call) => call.path === path).at(-1);
  await app.inject({ url: '/api/Member', headers: { cookie } });
  t.equal(last('/api/member')?.headers.authorization, 'Bearer member-token-1');
  await app.inject({ url: '/api/Member/Logout', headers: { ...XHR, cookie } });
  t.equal(last('/api/Member/Logout')?.headers.authorization, 'Bearer member-token-1', 'the token is revoked upstream');
});

t.test('every open-redirect payload is refused at sign-in, activation and sign-out', async (t) => {
  let upstreamRedirect: string | undefined;
  const { app, calls } = await portal(t, {
    'POST /api/Member/Login': () => loginAnswer(upstreamRedirect)(),
    'POST /api/Member/Activate': () => ({ body: { isSuccess: true, code: 'ok', data: { returnUrl: upstreamRedirect, socialType: 0 } } }),
  });
  for (const payload of OPEN_REDIRECTS) {
    upstreamRedirect = undefined;
    const login = await app.inject({
      method: 'POST',
      url: '/api/Member/Login',
      payload: { userId: 'a@example.com', password: 'Secret123', returnUrl: payload },
      headers: XHR,
    });
    t.equal(login.json().data.redirectUrl, undefined, `login returnUrl ${JSON.stringify(payload)}`);
    t.equal(calls.at(-1)!.body.returnUrl, undefined, 'and it is not sent upstream');

    upstreamRedirect = payload;
    const viaUpstream = await app.inject({
      method: 'POST',
      url: '/api/Member/Login',
      payload: { userId: 'a@example.com', password: 'Secret123' },
      headers: XHR,
    });
    t.equal(viaUpstream.json().data.redirectUrl, undefined, `upstream redirectUrl ${JSON.stringify(payload)}`);

    const activate = await app.inject({
      method: 'POST',
      url: '/api/Member/Activate',
      payload: { userId: 'u1', token: 't1' },
      headers: { ...XHR, 'accept-language': 'ko-KR' },
    });
    t.equal(activate.json().data.returnUrl, '/ko-kr/my-account', `activation returnUrl ${JSON.stringify(payload)}`);

    const logout = await app.inject({ url: `/api/Member/Logout?callbackUrl=${encodeURIComponent(payload)}&lang=es-es`, headers: XHR });
    t.equal(logout.json().data.redirectUrl, '/es-es/login', `logout callbackUrl ${JSON.stringify(payload)}`);
  }
  upstreamRedirect = 'https://allowed.example/next';
  const good = await app.inject({ method: 'POST', url: '/api/Member/Activate', payload: { userId: 'u1', token: 't1' }, headers: XHR });
  t.equal(good.json().data.returnUrl, 'https://allowed.example/next');
});

t.test('registration upstream: consent flags become consents, passwords encoded, no captcha or unverified social ids', async (t) => {
  const { app, config, calls } = await portal(t, {
    'GET /api/info/V2/Countries/false': () => ({
      body: {
        isSuccess: true,
        code: 'ok',
        data: [{ code: 'KR', name: 'South Korea', label: 'South Korea', phoneCode: '82', region: 'Asia', states: [] }],
      },
    }),
    'POST /api/Member/Register': () => ({ body: { isSuccess: true, code: 'ok', data: { memberId: 9 } } }),
  });
  const res = await app.inject({
    method: 'POST',
    url: '/api/Member/Register',
    headers: XHR,
    payload: {
      firstName: 'Min',
      lastName: 'Kim',
      email: 'min@example.com',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      companyName: 'Acme',
      country: 'South Korea',
      mobileCountryCode: '82',
      mobile: '1012345678',
      koreaTermsConsent: true,
      koreaPersonalDataConsent: true,
      isSubscribe: true,
      captchaVerify: { reCaptchaType: 99 },
      memberSocial: { socialType: 1, socialId: 'claimed-google-id' },
      lang: 'ko-kr',
    },
  });
  t.equal(res.statusCode, 200, res.body);
  const sent = calls.find((c) => c.path === '/api/Member/Register')!.body;
  t.same(sent.consents.sort(), ['korea-personal-data', 'korea-terms', 'subscribe']);
  for (const removed of ['koreaTermsConsent', 'koreaPersonalDataConsent', 'isGlobalAgreePolicy', 'captchaVerify', 'memberSocial']) {
    t.notOk(removed in sent, `${removed} is not sent`);
  }
  t.equal(decodePassword(sent.password, config.passwordEncodingKey), 'Secret123');
  t.equal(decodePassword(sent.confirmPassword, config.passwordEncodingKey), 'Secret123');
  t.equal(sent.userId, 'min@example.com');
  t.equal(sent.lang, 'ko-kr');

  const missingConsent = await app.inject({
    method: 'POST',
    url: '/api/Member/Register',
    headers: XHR,
    payload: {
      ...JSON.parse(JSON.stringify(calls.at(-1)!.body)),
      password: 'Secret123',
      confirmPassword: 'Secret123',
      koreaTermsConsent: false,
      consents: undefined,
    },
  });
  t.equal(missingConsent.statusCode, 400);
  t.same(missingConsent.json().errors, [
    { field: 'koreaTermsConsent', code: 'QuestionRequired' },
    { field: 'koreaPersonalDataConsent', code: 'QuestionRequired' },
  ]);
  t.equal(calls.filter((c) => c.path === '/api/Member/Register').length, 1, 'the refused one never went upstream');
});
