import t from 'tap';
import { encodePassword } from '../../../server/common/password-encoding.ts';
import { SocialType } from '../../../shared/enums.ts';
import { LANGUAGES } from '../../../shared/languages.ts';
import {
  activationLinkFor,
  buildBff,
  createActiveMember,
  createClient,
  freePort,
  signIn,
  type Stack,
  startStack,
  TEST_PASSWORD,
  validRegistration,
} from '../../helper.ts';
import { startOidcProvider } from '../../helpers/oidc-provider.ts';
import { routeTable } from '../../helpers/route-table.ts';
import { startMemberService } from '../../member-service/service.ts';
import { HOSTILE_TEXT, KOREAN_NAMES, LEGIT_NAMES, withValue } from './hostile-text.ts';

/**
 * Free text (registration, profile, social account names): invisible and control characters and
 * ill-formed Unicode are refused or dropped before anything encodes or stores them.
 */

t.test('registration refuses invisible and control characters', async (t) => {
  const stack = await startStack(t, { env: { REGISTER_RATE_LIMIT_PER_MINUTE: '10000', EMAIL_CHECK_PER_ADDRESS_PER_HOUR: '10000' } });
  const browser = createClient(stack.bffUrl);
  let counter = 0;
  const freshEmail = () => `visitor${++counter}@example.com`;

  /** A fixed-line registration in Germany (phone mode), so that the extension counts. */
  const withPhone = (email: string) =>
    validRegistration(email, {
      mobileCountryCode: '',
      mobile: '',
      telCountryCode: '49',
      telAreacode: '30',
      telNo: '123456',
      telExt: '12',
      state: 'Berlin',
    });

  /** Free text of the registration payload, with the codes a refusal may carry. */
  const FREE_TEXT_FIELDS: ReadonlyArray<readonly [string, string?]> = [
    ['firstName', 'FirstNameRequired'],
    ['lastName', 'LastNameRequired'],
    ['companyName', 'CompanyNameRequired'],
    ['country', 'CountryRegionRequired'],
    ['state'],
    ['VATNumber'],
    ['Address'],
    ['source'],
    ['memberExtension.vatNumber'],
    ['memberExtension.address'],
    ['memberExtension.registerPurpose'],
    ['memberExtension.referer'],
    ['memberExtension.utmSource'],
    ['memberExtension.utmMedium'],
    ['memberExtension.utmCampaign'],
  ];

  async function exists(email: string): Promise<boolean> {
    const reply = await browser.post('/api/Member/IsExist', { email });
    if (reply.body.code !== 'ok') throw new Error(`IsExist: ${reply.text}`);
    return reply.body.data.isExist;
  }

  async function memberAfterActivation(stack: Stack, email: string) {
    const link = await activationLinkFor(stack.dataDir, email);
    const activated = await browser.post('/api/Member/Activate', { userId: link!.userId, token: link!.token });
    if (activated.body.code !== 'ok') throw new Error(`Activate: ${activated.text}`);
    const client = await signIn(stack, { email, password: TEST_PASSWORD });
    return (await client.get('/api/member')).body.data;
  }

  t.test('every free-text field of Register refuses control, bidi and invisible characters, and nothing is registered', async (t) => {
    for (const [field, requiredCode] of FREE_TEXT_FIELDS) {
      for (const [name, value] of HOSTILE_TEXT) {
        const email = freshEmail();
        const reply = await browser.post('/api/Member/Register', withValue(withPhone(email), field, value));
        t.equal(reply.status, 400, `${field}, ${name}: refused`);
        t.equal(reply.body.code, 'FormValidateFail');
        const error = (reply.body.errors ?? []).find((e: { field?: string }) => e.field === field);
        t.ok(error && ['Form_Format', requiredCode].includes(error.code), `${field}, ${name}: ${JSON.stringify(reply.body.errors)}`);
        t.notOk(await exists(email), `${field}, ${name}: no account`);
      }
    }
  });

  t.test('phone parts are digits only: area code, number, extension and mobile; country codes are calling codes', async (t) => {
    const cases: Array<[string, string, string]> = [
      ['telExt', 'abc<script>', 'PhoneNumberNotCorrect'],
      ['telExt', '12\r\n', 'PhoneNumberNotCorrect'],
      ['telAreacode', '30\u0000', 'PhoneNumberNotCorrect'],
      ['telNo', '123\u202E456', 'PhoneNumberNotCorrect'],
      ['telCountryCode', '49<b>', 'Form_Format'],
    ];
    for (const [field, value, code] of cases) {
      const email = freshEmail();
      const reply = await browser.post('/api/Member/Register', { ...withPhone(email), [field]: value });
      t.equal(reply.status, 400, `${field} ${JSON.stringify(value)}`);
      t.same(reply.body.errors, [{ field, code }]);
      t.notOk(await exists(email));
    }
    const email = freshEmail();
    const mobile = await browser.post('/api/Member/Register', validRegistration(email, { mobile: '1512345678\u0000' }));
    t.same(mobile.body.errors, [{ field: 'mobile', code: 'MobileNumberNotCorrect' }]);
    t.notOk(await exists(email));
  });

  t.test('a refused registration leaves the address free for the real registration', async (t) => {
    const email = freshEmail();
    const refused = await browser.post('/api/Member/Register', { ...withPhone(email), firstName: '\u200B' });
    t.equal(refused.status, 400);
    const registered = await browser.post('/api/Member/Register', withPhone(email));
    t.equal(registered.body.code, 'ok', registered.text);
  });

  t.test('real names register and read back unchanged: accents, apostrophes, hyphens, CJK, Korean, emoji', async (t) => {
    for (const names of [LEGIT_NAMES, KOREAN_NAMES]) {
      const email = freshEmail();
      const registered = await browser.post('/api/Member/Register', { ...withPhone(email), ...names });
      t.equal(registered.body.code, 'ok', registered.text);
      const member = await memberAfterActivation(stack, email);
      t.match(member, { ...names, telExt: '12' });
    }
  });

  t.test('the member service refuses the same text itself, whoever calls it', async (t) => {
    const encode = (password: string) => encodePassword(password, stack.bffConfig.passwordEncodingKey);
    const email = freshEmail();
    const { isGlobalAgreePolicy: _agreed, ...plain } = withPhone(email);
    const upstream = {
      ...plain,
      userId: email,
      password: encode(TEST_PASSWORD),
      confirmPassword: encode(TEST_PASSWORD),
      consents: ['global-policy'],
    };
    const send = (body: unknown) =>
      fetch(`${stack.memberServiceUrl}/api/Member/Register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-key': stack.memberServiceConfig.serviceKey },
        body: JSON.stringify(body),
      });
    for (const [field] of FREE_TEXT_FIELDS) {
      const reply = await send(withValue(upstream, field, 'Ada\u202Efdp.exe'));
      t.equal(reply.status, 400, field);
      t.match(await reply.json(), { code: 'FormValidateFail', errors: [{ field, code: 'Form_Format' }] });
    }
    const telExt = await send({ ...upstream, telExt: 'abc<script>' });
    t.match(await telExt.json(), { errors: [{ field: 'telExt', code: 'PhoneNumberNotCorrect' }] });
    t.notOk(await exists(email));
    const accepted = await send(upstream);
    t.match(await accepted.json(), { code: 'ok' }, 'the clean payload is the control');
  });
});

t.test('profile update refuses invisible and control characters', async (t) => {
  const stack = await startStack(t);
  const member = await createActiveMember(stack);
  const client = await signIn(stack, member);
  const preferences = { businessApplicationAreas: ['energy.ev-charging'], inProducts: ['networking'] };
  /** Germany with a fixed line, so that area code, number and extension are all in play. */
  const phone = {
    country: 'Germany',
    state: 'Berlin',
    telCountryCode: '49',
    telAreacode: '30',
    telNo: '123456',
    telExt: '12',
    mobileCountryCode: '49',
    mobile: '15123456789',
  };

  /** What My Profile sends: the loaded member merged with the form. */
  async function loaded(): Promise<Record<string, any>> {
    return (await client.get('/api/member')).body.data;
  }

  const start = await client.put('/api/member', {
    ...(await loaded()),
    ...preferences,
    ...phone,
    memberExtension: { vatNumber: 'DE123456789', address: 'Unter den Linden 1' },
  });
  if (start.body.code !== 'ok') throw new Error(`profile set-up: ${start.text}`);

  const FREE_TEXT_FIELDS: ReadonlyArray<readonly [string, string?]> = [
    ['firstName', 'FirstNameRequired'],
    ['lastName', 'LastNameRequired'],
    ['companyName', 'CompanyNameRequired'],
    ['country', 'CountryRegionRequired'],
    ['state'],
    ['memberExtension.vatNumber'],
    ['memberExtension.address'],
  ];

  t.test('PUT /api/member refuses control, bidi and invisible characters in every free-text field and changes nothing', async (t) => {
    const before = await loaded();
    for (const [field, requiredCode] of FREE_TEXT_FIELDS) {
      for (const [name, value] of HOSTILE_TEXT) {
        const reply = await client.put('/api/member', withValue({ ...before, ...preferences }, field, value));
        t.equal(reply.status, 400, `${field}, ${name}: refused`);
        t.equal(reply.body.code, 'FormValidateFail');
        const error = (reply.body.errors ?? []).find((e: { field?: string }) => e.field === field);
        t.ok(error && ['Form_Format', requiredCode].includes(error.code), `${field}, ${name}: ${JSON.stringify(reply.body.errors)}`);
      }
    }
    t.same(await loaded(), before, 'the member reads back as before');
  });

  t.test('phone parts are digits only, the extension included; country codes are calling codes', async (t) => {
    const before = await loaded();
    const cases: Array<[string, string, string]> = [
      ['telExt', 'abc<script>', 'PhoneNumberNotCorrect'],
      ['telExt', '12\u0000', 'PhoneNumberNotCorrect'],
      ['telAreacode', '30\r\n', 'PhoneNumberNotCorrect'],
      ['telNo', '123\u200B456', 'PhoneNumberNotCorrect'],
      ['mobile', '15123456789\u202E', 'MobileNumberNotCorrect'],
      ['telCountryCode', '49\u0000', 'Form_Format'],
      ['mobileCountryCode', '<b>49', 'Form_Format'],
    ];
    for (const [field, value, code] of cases) {
      const reply = await client.put('/api/member', { ...before, ...preferences, [field]: value });
      t.equal(reply.status, 400, `${field} ${JSON.stringify(value)}`);
      t.same(reply.body.errors, [{ field, code }]);
    }
    t.same(await loaded(), before, 'the member reads back as before');
  });

  t.test('real names, company names with emoji and CJK are saved and read back unchanged', async (t) => {
    for (const names of [LEGIT_NAMES, KOREAN_NAMES]) {
      const reply = await client.put('/api/member', { ...(await loaded()), ...preferences, ...names });
      t.equal(reply.body.code, 'ok', reply.text);
      t.match(await loaded(), { ...names, telExt: '12' });
    }
  });

  t.test('the member service refuses the same text itself, whoever calls it', async (t) => {
    const base = `${stack.memberServiceUrl}`;
    const serviceKey = stack.memberServiceConfig.serviceKey;
    const login = await fetch(`${base}/api/Member/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-key': serviceKey },
      body: JSON.stringify({ userId: member.email, password: encodePassword(member.password, stack.bffConfig.passwordEncodingKey) }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { 'content-type': 'application/json', 'x-service-key': serviceKey, authorization: `Bearer ${token}` };
    const before = await loaded();
    for (const [field] of FREE_TEXT_FIELDS) {
      const reply = await fetch(`${base}/api/member`, {
        method: 'PUT',
        headers,
        body: JSON.stringify(withValue({ ...before, ...preferences }, field, 'Ada\u202Efdp.exe')),
      });
      t.equal(reply.status, 400, field);
      t.match(await reply.json(), { code: 'FormValidateFail', errors: [{ field, code: 'Form_Format' }] });
    }
    t.same(await loaded(), before, 'the member reads back as before');
  });
});

t.test('ill formed unicode is refused before any encoding', async (t) => {
  // A lone surrogate (a JSON `\ud800` escape) is text no encoding can carry: encodeURIComponent
  // throws on it, UTF-8 replaces it. Both servers refuse it on every route before a schema, a
  // handler or an encoder sees it (server/common/well-formed-text.ts), as Form_Format on the field.

  const XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
  const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  const refusedAt = (field: string) => ({ isSuccess: false, code: 'FormValidateFail', errors: [{ field, code: 'Form_Format' }] });

  t.test('ValidatePwdUnAuth with a lone surrogate in userId answers 400 Form_Format, not 500', async (t) => {
    const { app } = await buildBff(t);
    const res = await app.inject({
      method: 'POST',
      url: '/api/Member/ValidatePwdUnAuth',
      headers: XHR,
      payload: '{"userId":"\\ud800","token":"abc","password":"x"}',
    });
    t.equal(res.statusCode, 400);
    t.same(res.json(), refusedAt('userId'));
  });

  t.test('every portal route with a body refuses ill-formed text in any value or key', async (t) => {
    const { app } = await buildBff(t);
    await app.ready();
    const routes = routeTable(app).filter((route) => BODY_METHODS.has(route.method) && route.path.startsWith('/api/'));
    t.ok(routes.length >= 30, `${routes.length} routes`);
    for (const route of routes) {
      const url = route.path.replace(/:(\w+)/g, 'x').replace(/\*$/, 'x');
      for (const [payload, field] of [
        ['{"userId":"a\\udfffb"}', 'userId'],
        ['{"memberExtension":{"address":"\\ud83d"}}', 'memberExtension.address'],
        ['{"a\\ud800":1}', 'a\ud800'],
      ] as const) {
        const res = await app.inject({ method: route.method as 'POST', url, headers: XHR, payload });
        // A route may stop a request earlier for its own reasons (sign-in required, CSRF): never a 5xx, never past the rule.
        t.ok(res.statusCode < 500, `${route.method} ${route.path} ${payload}: ${res.statusCode}`);
        if (res.statusCode === 400) t.same(res.json(), refusedAt(field), `${route.method} ${route.path} ${payload}`);
      }
    }
  });

  t.test('the member service refuses it the same way on every route', async (t) => {
    const service = await startMemberService(t);
    await service.app.ready();
    const routes = routeTable(service.app).filter((route) => BODY_METHODS.has(route.method));
    t.ok(routes.length >= 20, `${routes.length} routes`);
    for (const route of routes) {
      const url = route.path.replace(/:(\w+)/g, 'x');
      const res = await service.app.inject({
        method: route.method as 'POST',
        url,
        headers: { 'x-service-key': service.config.serviceKey, 'content-type': 'application/json' },
        payload: '{"userId":"\\ud800","token":"abc","password":"x"}',
      });
      t.equal(res.statusCode, 400, `${route.method} ${route.path}`);
      t.same(res.json(), refusedAt('userId'), `${route.method} ${route.path}`);
    }
  });
});

t.test('social account name keeps only visible text', async (t) => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const google = await startOidcProvider(
    t,
    LANGUAGES.map((lang) => `${origin}/${lang}/social-login`),
  );
  const stack = await startStack(t, { env: { PORT: String(port), PUBLIC_ORIGIN: origin, ...google.env('GOOGLE') } });

  t.test('a provider account name with a right-to-left override and zero-width characters is stored as visible text only', async (t) => {
    const browser = createClient(stack.bffUrl);
    const email = 'mallory.google@example.com';
    // Anyone can name their provider account; the name is shown in My Account and exported.
    google.signInAs({ sub: 'google-mallory', email, name: 'Mallory\u202Efdp.exe\u200B\u0000\r\nTeam 👩🏽\u200D💻' });
    const started = await browser.post('/api/Member/SocialAuthorize', { socialType: SocialType.Google, origin: 'login', lang: 'en' });
    const back = await google.authorize(started.body.data.authorizationUrl);
    const login = await browser.post('/api/Member/GoogleLogin', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    t.equal(login.body.code, 'notfound');
    t.equal(login.body.data.socialName, 'Malloryfdp.exe Team 👩🏽\u200D💻', 'cleaned where the portal receives it');

    const { password: _p, confirmPassword: _c, ...socialSignUp } = validRegistration(email);
    const registered = await browser.post('/api/Member/Register', socialSignUp);
    t.equal(registered.body.code, 'ok', registered.text);
    const link = await activationLinkFor(stack.dataDir, email);
    t.equal((await browser.post('/api/Member/Activate', { userId: link!.userId, token: link!.token })).body.code, 'ok');

    const again = await browser.post('/api/Member/SocialAuthorize', { socialType: SocialType.Google, origin: 'login', lang: 'en' });
    const backAgain = await google.authorize(again.body.data.authorizationUrl);
    const signedIn = await browser.post('/api/Member/GoogleLogin', {
      code: backAgain.searchParams.get('code'),
      state: backAgain.searchParams.get('state'),
    });
    t.equal(signedIn.body.code, 'ok', signedIn.text);
    const member = (await browser.get('/api/member')).body.data;
    t.same(
      member.socialData.map((s: { socialName: string }) => s.socialName),
      ['Malloryfdp.exe Team 👩🏽\u200D💻'],
    );
  });
});
