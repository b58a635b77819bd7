import { createServer } from 'node:http';
import { Writable } from 'node:stream';
import t, { type Test } from 'tap';
import { startFakeUpstream } from '../../bff/fake-upstream.ts';
import {
  buildBff,
  createActiveMember,
  createClient,
  signIn,
  type Stack,
  startStack,
  TEST_PASSWORD,
  type TestClient,
  validRegistration,
} from '../../helper.ts';
import { routeTable } from '../../helpers/route-table.ts';

/**
 * The portal passes on only the fields it knows: unknown fields from the browser never reach the
 * member service, and additions of the member service never reach the browser.
 */

t.test('unknown fields never reach the member service', async (t) => {
  // A browser body is input, not a message to pass on: a field the route does not name must not
  // reach the member service, however deep it nests. A 5,000-level object once overflowed the
  // stack of JSON.stringify on the way upstream (502 servererror and an error log).
  const SITE_KEY = 'site-key-of-the-shop-0123456789abcdef';
  const DEPTH = 5000;
  const DEEP = `${'{"d":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
  const SHALLOW_MARK = 'unnamedFieldFromTheBrowser';
  const DEEP_MARK = 'deeplyNestedFieldFromTheBrowser';

  interface Sample {
    /** A body the route accepts (or at least reads), before the unknown fields are added. */
    body: (ctx: { email: string; client: TestClient }) => Record<string, unknown> | Promise<Record<string, unknown>>;
    signedIn?: boolean;
    headers?: Record<string, string>;
  }

  const PREFERENCES = {
    businessApplicationAreas: ['smart-city', 'smart-city.traffic-management'],
    inProducts: ['edge-ai.inference-systems'],
  };

  /** One sample per route that takes a body; a new route fails the test until it is listed here. */
  const SAMPLES: Record<string, Sample> = {
    'POST /api/Member/Login': { body: ({ email }) => ({ userId: email, password: TEST_PASSWORD, returnUrl: 'https://shop.example/x' }) },
    'POST /api/Member/otpVerify': { body: ({ email }) => ({ userId: email, code: '000000', otpVerifyType: 1 }) },
    'POST /api/Member/SendOtpCode': { body: ({ email }) => ({ userId: email, otpVerifyType: 1, lang: 'en' }) },
    'POST /api/Member/GoogleLogin': { body: () => ({ code: 'provider-code', state: 'state' }) },
    'POST /api/Member/FbLogin': { body: () => ({ code: 'provider-code', state: 'state' }) },
    'POST /api/Member/LinkedinLogin': { body: () => ({ code: 'provider-code', state: 'state' }) },
    'POST /api/Member/LinkedinVerify': { body: () => ({ code: 'provider-code', state: 'state' }) },
    'POST /api/Member/SocialVerify': { body: () => ({ code: 'provider-code', state: 'state' }) },
    'POST /api/Member/SocialAuthorize': { body: () => ({ socialType: 1, origin: 'login', lang: 'en' }) },
    'POST /api/Member/SocialConnect': { body: () => ({ socialType: 1, isConnect: false }), signedIn: true },
    'POST /api/Member/CheckGoToProfile': {
      body: () => ({ memberId: 'some-member', tempId: 'some-ticket' }),
      headers: { authorization: `Bearer ${SITE_KEY}` },
    },
    'POST /api/Member/RefererLogin': { body: () => ({ id: 'some-member', tempId: 'some-ticket' }) },
    'POST /api/Member/IsExist': { body: ({ email }) => ({ email }) },
    'POST /api/Member/Register': {
      body: () =>
        validRegistration(`unknown-fields-${Date.now()}@example.com`, {
          memberExtension: { address: 'Unter den Linden 1' },
          captchaVerify: { reCaptchaType: 1 },
        }),
    },
    'POST /api/Member/Activate': { body: () => ({ userId: 'some-member', token: 'some-token' }) },
    'POST /api/Member/Reactivate': { body: ({ email }) => ({ userId: email, lang: 'en', captchaVerify: { reCaptchaType: 1 } }) },
    'POST /api/Member/ForgotPwd': { body: ({ email }) => ({ userId: email, lang: 'en' }) },
    'POST /api/Member/ResendResetPwdMail': { body: ({ email }) => ({ userId: email, lang: 'en' }) },
    'POST /api/Member/ResendOneYearNotUpdatePwdMail': { body: ({ email }) => ({ userId: email, lang: 'en' }) },
    'POST /api/Member/ValidatePwdUnAuth': { body: () => ({ userId: 'some-member', token: 'some-token', password: 'Zebra-Lantern42' }) },
    'POST /api/Member/ResetPwdUnAuth': {
      body: () => ({ userId: 'some-member', token: 'some-token', password: 'Zebra-Lantern42', confirmPassword: 'Zebra-Lantern42' }),
    },
    'POST /api/Member/ValidatePwd': { body: () => ({ password: 'Zebra-Lantern42' }), signedIn: true },
    'POST /api/Member/ResetPwd': {
      body: () => ({ currentPassword: 'Not-the-password1', newPassword: 'Zebra-Lantern42', confirmPassword: 'Zebra-Lantern42' }),
      signedIn: true,
    },
    'PUT /api/Member/UpdateMemberPwdDate': { body: () => ({ memberId: 'some-member', tempId: 'some-ticket' }) },
    'PUT /api/Member/UpdateMemberSubscribe': { body: () => ({ isSubscribe: true }), signedIn: true },
    'POST /api/Member/UpdateCrmPolicy': { body: () => ({ hashEmail: 'some-hash', status: '2024.1' }) },
    'POST /api/Member/UpdateCrmSubscribe': { body: () => ({ hashEmail: 'some-hash', isSub: true }) },
    'POST /api/Member/ApplyDeleteTag': { body: () => ({}), signedIn: true },
    'POST /api/Member/ApplyRestoreTag': { body: () => ({}), signedIn: true },
    'POST /api/Member/SendPhoneProofCode': { body: () => ({ lang: 'en' }), signedIn: true },
    'POST /api/Member/ConfirmPhoneProof': { body: () => ({ code: '000000' }), signedIn: true },
    'PUT /api/member': {
      body: async ({ client }) => {
        const member = (await client.get('/api/member')).body.data as Record<string, unknown>;
        return { ...member, ...PREFERENCES, memberExtension: { vatNumber: 'DE123456789', address: 'Unter den Linden 1' } };
      },
      signedIn: true,
    },
    'PATCH /api/member': { body: () => ({ ...PREFERENCES, returnUrl: '/en/my-account' }), signedIn: true },
    'DELETE /api/member': { body: () => ({}), signedIn: true },
    'POST /api/Member/Sessions/EndOthers': { body: () => ({}), signedIn: true },
    'DELETE /api/Member/Sessions/:id': { body: () => ({}), signedIn: true },
    'POST /api/Member/SecurityEvents/NotMe': { body: () => ({ eventId: 'no-such-event' }), signedIn: true },
    'POST /api/Member/Passkey/RegisterOptions': { body: () => ({}), signedIn: true },
    'POST /api/Member/Passkey/Register': {
      body: () => ({ name: 'Laptop', credential: { id: 'x', rawId: 'x', type: 'public-key', response: {} } }),
      signedIn: true,
    },
    'POST /api/Member/Passkey/LoginOptions': { body: () => ({}) },
    'POST /api/Member/Passkey/Login': {
      body: () => ({ credential: { id: 'x', rawId: 'x', type: 'public-key', response: {} }, returnUrl: 'https://shop.example/x' }),
    },
    'PATCH /api/Member/Passkeys/:id': { body: () => ({ name: 'Laptop' }), signedIn: true },
    'DELETE /api/Member/Passkeys/:id': { body: () => ({}), signedIn: true },
    'POST /api/Member/SiteConsent/:uid': { body: () => ({ allow: false }), signedIn: true },
    'DELETE /api/Member/ConnectedSites/:id': { body: () => ({}), signedIn: true },
  };

  /**
   * The sample with an unnamed field in every object, and a 5,000-level one at the top and in
   * the first nested object (two of them stay under the body limit).
   */
  function hostileBody(sample: Record<string, unknown>): string {
    const marked = (value: Record<string, unknown>, deep: boolean) => ({
      ...value,
      [SHALLOW_MARK]: 'x',
      ...(deep ? { [DEEP_MARK]: '@DEEP@' } : {}),
    });
    let deepNested = true;
    const withMarks: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(sample)) {
      const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
      withMarks[key] = isObject ? marked(value as Record<string, unknown>, deepNested) : value;
      if (isObject) deepNested = false;
    }
    return JSON.stringify(marked(withMarks, true)).replaceAll('"@DEEP@"', DEEP);
  }

  /** Stands between the portal and the member service and keeps every body it passes on. */
  async function startRecordingProxy(target: () => string) {
    const bodies: Array<{ path: string; body: string }> = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        bodies.push({ path: req.url ?? '', body });
        const headers = Object.fromEntries(
          ['x-service-key', 'authorization', 'content-type', 'accept', 'accept-language'].flatMap((name) =>
            req.headers[name] ? [[name, String(req.headers[name])]] : [],
          ),
        );
        const upstream = await fetch(target() + (req.url ?? ''), { method: req.method, headers, body: body === '' ? undefined : body });
        res
          .writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' })
          .end(await upstream.text());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.teardown(() => new Promise((resolve) => server.close(resolve)));
    return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, bodies };
  }

  const errorLines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      errorLines.push(
        ...String(chunk)
          .split('\n')
          .filter((line) => line !== '' && (JSON.parse(line) as { level: number }).level >= 50),
      );
      done();
    },
  });

  let stack: Stack | undefined;
  const proxy = await startRecordingProxy(() => stack!.memberServiceUrl);
  stack = await startStack(t, {
    bff: { upstreamUrl: proxy.url },
    logger: { level: 'error', stream },
    env: {
      ALLOWED_CALLBACK_HOSTS: 'shop.example',
      SSO_SITE_KEYS: SITE_KEY,
      RATE_LIMIT_PER_MINUTE: '5000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      REGISTER_RATE_LIMIT_PER_MINUTE: '1000',
      OTP_RATE_LIMIT_PER_MINUTE: '1000',
    },
  });
  const withBody = routeTable(stack.apps.bff).filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method));

  t.test('the sample table covers every route that takes a body', async (t) => {
    t.ok(withBody.length >= 30, `${withBody.length} routes with a body`);
    for (const { method, path } of withBody) t.ok(SAMPLES[`${method} ${path}`], `${method} ${path} has a sample body (add one to SAMPLES)`);
    const known = new Set(withBody.map(({ method, path }) => `${method} ${path}`));
    for (const route of Object.keys(SAMPLES)) t.ok(known.has(route), `${route} still exists`);
  });

  t.test('every route: an unnamed field, 5,000 levels deep or not, is dropped and answered like any other body', async (t) => {
    for (const { method, path } of withBody) {
      const sample: Sample = SAMPLES[`${method} ${path}`] ?? { body: () => ({}) };
      const member = await createActiveMember(stack!);
      const client = sample.signedIn ? await signIn(stack!, member) : createClient(stack!.bffUrl);
      const body = hostileBody(await sample.body({ email: member.email, client }));
      const before = proxy.bodies.length;
      const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const res = await fetch(new URL(path, stack!.bffUrl), {
        method,
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          ...(cookie ? { cookie } : {}),
          ...sample.headers,
        },
        body,
      });
      const reply = await res.text();
      t.ok(res.status < 500, `${method} ${path}: ${res.status} ${reply.slice(0, 120)}`);
      for (const call of proxy.bodies.slice(before)) {
        t.notOk(call.body.includes(SHALLOW_MARK) || call.body.includes(DEEP_MARK), `${method} ${path}: ${call.path} got only named fields`);
      }
    }
    t.ok(
      proxy.bodies.some((call) => call.path === '/api/Member/Register'),
      'bodies did reach the member service',
    );
    t.same(errorLines, [], 'no error was logged');
  });
});

t.test('member service additions never reach the browser', async (t) => {
  /**
   * A company's member service may answer with more than the contract (shared/contract) lists.
   * The portal keeps only the listed fields, so nothing it adds can reach a browser: a reply the
   * portal reads loses them after the contract check, the member read (relayed as it is) in the
   * reply schema that writes it, at every depth, objects in lists included; a reply
   * that breaks the contract is servererror, logged once with the call.
   */
  const XHR = { 'x-requested-with': 'XMLHttpRequest' };
  const ADDED = 'added-by-the-member-service';

  const member = {
    memberId: 7,
    userId: 'a@example.com',
    email: 'a@example.com',
    status: 1,
    source: '',
    isEmp: false,
    isSubscribe: false,
    preferring: false,
    myAccountDeleteDate: null,
    LastPwdModifiedDate: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    companyName: '',
    country: 'Germany',
    state: '',
    telCountryCode: '',
    telAreacode: '',
    telNo: '',
    telExt: '',
    mobileCountryCode: '',
    mobile: '',
    businessApplicationAreas: [],
    inProducts: [],
    memberExtension: { vatNumber: '', address: '', internalRating: ADDED },
    socialData: [
      {
        socialType: 1,
        socialId: 'google-ada',
        socialEmail: 'a@example.com',
        socialName: 'Ada',
        registerDate: '2024-01-01T00:00:00.000Z',
        linkedBy: ADDED,
      },
    ],
  };

  function logLines() {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    return { lines, logger: { level: 'info', stream } };
  }

  async function signedIn(t: Test, memberReply: () => { status?: number; body: unknown }) {
    const upstream = await startFakeUpstream(t, {
      'POST /api/Member/Login': () => ({
        body: {
          isSuccess: true,
          code: 'ok',
          debug: ADDED,
          data: {
            token: 'member-token-1',
            tokenExpiresAt: '2099-01-01T00:00:00.000Z',
            userId: 'a@example.com',
            memberId: 7,
            status: 1,
            passwordHash: ADDED,
          },
        },
      }),
      'GET /api/member': memberReply,
      'GET /api/Member': memberReply,
    });
    const log = logLines();
    const { app } = await buildBff(t, { UPSTREAM_URL: upstream.url, UPSTREAM_SERVICE_KEY: 's'.repeat(32) }, { logger: log.logger });
    const login = await app.inject({
      method: 'POST',
      url: '/api/Member/Login',
      payload: { userId: 'a@example.com', password: 'Secret123' },
      headers: XHR,
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    return { app, login, cookie, log };
  }

  t.test('fields the member service adds to a sign-in or a member never reach the browser', async (t) => {
    const { app, login, cookie } = await signedIn(t, () => ({
      body: { isSuccess: true, code: 'ok', trace: ADDED, data: { ...member, passwordHash: ADDED } },
    }));
    t.equal(login.statusCode, 200);
    t.equal(login.json().code, 'ok');
    t.notMatch(login.body, ADDED, 'nothing added to the sign-in reply');
    t.notMatch(login.body, 'member-token-1', 'nor the token');

    const profile = await app.inject({ method: 'GET', url: '/api/Member', headers: { ...XHR, cookie } });
    t.equal(profile.statusCode, 200);
    t.equal(profile.json().data.firstName, 'Ada', 'the listed fields arrive');
    t.notMatch(profile.body, ADDED, 'nothing added to the member reply, at any depth');
  });

  t.test('a reply outside the contract is servererror, logged once with the call', async (t) => {
    const { app, cookie, log } = await signedIn(t, () => ({
      body: { isSuccess: true, code: 'ok', data: { ...member, memberId: 'seven' } },
    }));
    const before = log.lines.length;
    const profile = await app.inject({ method: 'GET', url: '/api/Member', headers: { ...XHR, cookie } });
    t.equal(profile.statusCode, 502);
    t.equal(profile.json().code, 'servererror');
    t.notMatch(profile.body, 'seven');
    const logged = log.lines.slice(before).filter((line) => JSON.stringify(line).includes('outside the contract'));
    t.equal(logged.length, 1, 'one log line');
    t.match(JSON.stringify(logged[0]), 'GET /api/member', 'naming the call');
  });
});
