import t, { type Test } from 'tap';
import { decodePassword } from '../../server/common/password-encoding.ts';
import { buildBff, createClient } from '../helper.ts';
import { startFakeUpstream } from './fake-upstream.ts';
import { Value } from '@sinclair/typebox/value';
import { MemberSchema } from '../../shared/schemas/member.ts';
import { LoginResultDataSchema } from '../../shared/schemas/auth.ts';
import { startSignInStack } from './sign-in-fixtures.ts';
import { Type } from '@sinclair/typebox';
import { openApiApps } from '../../scripts/openapi.ts';
import { plainReply } from '../../server/bff/plugins/plain-replies.ts';

t.test('member-service calls', async (t) => {
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
});

t.test('the member read is one call', async (t) => {
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
});

t.test('reply schemas', async (t) => {
  /**
   * The portal serialises each reply with its route's schema: what the member service answers
   * beyond the fields the browser API lists (the member's status, say) does not reach the browser.
   */
  t.test('a sign-in reply carries only the fields of the browser API', async (t) => {
    const { stack, member, login } = await startSignInStack(t, { env: { ALLOWED_CALLBACK_HOSTS: 'shop.example' } });
    const ada = await member({ preferring: 0 });
    const listed = Object.keys(LoginResultDataSchema.properties);

    const plain = await login(createClient(stack.bffUrl), ada.email);
    t.equal(plain.body.code, 'ok');
    t.same(
      Object.keys(plain.body.data ?? {}).filter((field) => !listed.includes(field)),
      [],
      'no field beyond the list',
    );
    t.notOk('status' in (plain.body.data ?? {}), "the member's status stays in the portal");

    const toSite = await login(createClient(stack.bffUrl), ada.email, undefined, 'https://shop.example/welcome');
    t.equal(toSite.body.code, 'ok');
    t.match(
      toSite.body.data,
      { redirectUrl: 'https://shop.example/welcome', id: String, tempId: String },
      'the ticket for the site is listed',
    );
    t.same(
      Object.keys(toSite.body.data).filter((field) => !listed.includes(field)),
      [],
    );
  });
});

t.test('plain reply forms', async (t) => {
  /**
   * The serializer writes every portal reply without validating it: no reply schema the app
   * registered keeps an anyOf/oneOf (fast-json-stringify would run ajv over each branch on every
   * reply), and a union it cannot write plainly (one of objects) stops the app from starting.
   */

  const XHR = { 'x-requested-with': 'XMLHttpRequest' };

  /** The JSON pointers under a schema where a union stays. */
  function unions(schema: unknown, where = ''): string[] {
    if (typeof schema !== 'object' || schema === null) return [];
    const own = ['anyOf', 'oneOf'].filter((keyword) => keyword in schema).map((keyword) => `${where}/${keyword}`);
    return [...own, ...Object.entries(schema).flatMap(([key, value]) => unions(value, `${where}/${key}`))];
  }

  t.test("the portal's registered reply schemas have no union", async (t) => {
    const apps = await openApiApps();
    t.teardown(() => apps.close());
    const reply = await apps.portal.inject({ method: 'GET', url: '/api/openapi.json', headers: XHR });
    const document = reply.json() as { paths: Record<string, Record<string, { responses?: unknown }>> };
    const found = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => unions(operation.responses).map((at) => `${method} ${path}${at}`)),
    );
    t.same(found, [], 'every status of every route is one plain schema');
    t.ok(
      Object.keys(document.paths).some((path) => path === '/api/Member'),
      'the member read is among them',
    );
  });

  t.test('a nullable value or a set of literals becomes the plain form', async (t) => {
    const contract = Type.Object({
      deleteDate: Type.Union([Type.String(), Type.Null()]),
      identity: Type.Union([Type.Object({ socialEmail: Type.String() }), Type.Null()]),
      origin: Type.Union([Type.Literal('login'), Type.Literal('register')]),
      captcha: Type.Union([Type.Literal(1), Type.Literal(2), Type.Null()]),
    });
    const plain = plainReply(contract, 'GET /x') as { properties: Record<string, Record<string, unknown>> };
    t.same(plain.properties.deleteDate, { type: ['string', 'null'] });
    t.match(plain.properties.identity, { type: ['object', 'null'], properties: { socialEmail: { type: 'string' } } });
    t.same(plain.properties.origin, { type: 'string', enum: ['login', 'register'] });
    t.same(plain.properties.captcha, { type: ['number', 'null'] });
    t.ok('anyOf' in contract.properties.deleteDate, "the contract's own schema stays as it was");
  });

  t.test('a union of objects is refused with the place it is declared', async (t) => {
    const twoShapes = Type.Object({ data: Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]) });
    t.throws(() => plainReply({ 200: twoShapes }, 'POST /api/Member/GoogleLogin'), {
      message: /POST \/api\/Member\/GoogleLogin\/200\/properties\/data .*one object schema/,
    });
  });
});
