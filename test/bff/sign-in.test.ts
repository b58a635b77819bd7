import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { RECENT_SIGN_IN_SECONDS } from '../../shared/limits.ts';
import {
  createActiveMember,
  createClient,
  freePort,
  signIn,
  startStack,
  type TestClient,
  activationLinkFor,
  validRegistration,
} from '../helper.ts';
import { waitForMail, readOutbox, findLink } from '../helpers/outbox.ts';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mailedCode } from '../member-service/sign-in-fixtures.ts';
import { startSignInStack, SITE_KEY } from './sign-in-fixtures.ts';

t.test('passkeys', async (t) => {
  /**
   * Passkeys over HTTP with a software authenticator: several per member, listed, renamed and
   * removed only by their owner, a sign-in that answers like the password sign-in, and the
   * recent-sign-in rule for adding one. (Browser journeys: test/e2e/passkeys.test.ts.)
   */
  const clock = new ManualClock();
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const stack = await startStack(t, { clock, env: { PORT: String(port), PUBLIC_ORIGIN: origin } });

  async function addPasskey(client: TestClient, authenticator: SoftwareAuthenticator, name: string) {
    const options = await client.post('/api/Member/Passkey/RegisterOptions');
    return client.post('/api/Member/Passkey/Register', { credential: authenticator.register(options.body.data), name });
  }

  async function passkeySignIn(client: TestClient, authenticator: SoftwareAuthenticator, extra: Record<string, unknown> = {}) {
    const options = await client.post('/api/Member/Passkey/LoginOptions');
    return client.post('/api/Member/Passkey/Login', { credential: authenticator.assert(options.body.data), ...extra });
  }

  t.test('options: the portal is the relying party, user verification is required, resident keys only', async (t) => {
    const client = await signIn(stack, await createActiveMember(stack));
    const options = await client.post('/api/Member/Passkey/RegisterOptions');
    t.equal(options.status, 200);
    t.equal(options.body.data.rp.id, 'localhost', 'RP id is the host of PUBLIC_ORIGIN');
    t.match(options.body.data.authenticatorSelection, { residentKey: 'required', userVerification: 'required' });
    const login = await createClient(stack.bffUrl).post('/api/Member/Passkey/LoginOptions');
    t.match(login.body.data, { rpId: 'localhost', userVerification: 'required', allowCredentials: [] });
  });

  t.test('two passkeys: listed, renamed, each signs in, removed; the list shows no credential material', async (t) => {
    const member = await createActiveMember(stack);
    const client = await signIn(stack, member);
    const laptop = new SoftwareAuthenticator(origin);
    const phone = new SoftwareAuthenticator(origin, { counter: false });
    t.equal((await addPasskey(client, laptop, 'Laptop')).body.code, 'ok');
    t.equal((await addPasskey(client, phone, 'Phone')).body.code, 'ok');
    const listed = await client.get('/api/Member/Passkeys');
    t.same(
      listed.body.data.passkeys.map((p: { name: string }) => p.name),
      ['Laptop', 'Phone'],
    );
    t.same(Object.keys(listed.body.data.passkeys[0]).sort(), ['createdAt', 'id', 'lastUsedAt', 'name']);
    t.equal(listed.body.data.passkeys[0].lastUsedAt, null, 'never used yet');

    const renamed = await client.patch(`/api/Member/Passkeys/${listed.body.data.passkeys[1].id}`, { name: 'Work phone' });
    t.equal(renamed.body.data.passkey.name, 'Work phone');

    for (const authenticator of [laptop, phone, phone]) {
      const browser = createClient(stack.bffUrl);
      const signedIn = await passkeySignIn(browser, authenticator);
      t.equal(signedIn.body.code, 'ok', 'the passkey signs in');
      t.equal(signedIn.body.data.userId, member.email);
      t.notOk('token' in signedIn.body.data, 'the member token stays in the portal');
      t.equal((await browser.get('/api/Member/IsLogin')).body.data.isLogin, true, 'the browser is signed in');
    }
    const used = await client.get('/api/Member/Passkeys');
    t.ok(
      used.body.data.passkeys.every((p: { lastUsedAt: string | null }) => p.lastUsedAt !== null),
      'last use recorded',
    );

    const removed = await client.delete(`/api/Member/Passkeys/${listed.body.data.passkeys[0].id}`);
    t.equal(removed.body.code, 'ok');
    t.equal(
      (await passkeySignIn(createClient(stack.bffUrl), laptop)).body.code,
      'PasskeyNotAccepted',
      'a removed passkey no longer signs in',
    );
    t.equal((await passkeySignIn(createClient(stack.bffUrl), phone)).body.code, 'ok', 'the other one still does');
  });

  t.test("another member's passkey id is NotFound for rename and remove, and stays", async (t) => {
    const owner = await signIn(stack, await createActiveMember(stack));
    const other = await signIn(stack, await createActiveMember(stack));
    await addPasskey(owner, new SoftwareAuthenticator(origin), 'Mine');
    const [passkey] = (await owner.get('/api/Member/Passkeys')).body.data.passkeys;
    const renamed = await other.patch(`/api/Member/Passkeys/${passkey.id}`, { name: 'Taken' });
    t.equal(renamed.status, 404);
    t.equal(renamed.body.code, 'NotFound');
    const removed = await other.delete(`/api/Member/Passkeys/${passkey.id}`);
    t.equal(removed.status, 404);
    t.equal(removed.body.code, 'NotFound');
    t.same((await other.get('/api/Member/Passkeys')).body.data.passkeys, [], 'not in the other list');
    t.equal((await owner.get('/api/Member/Passkeys')).body.data.passkeys[0].name, 'Mine', 'unchanged for its owner');
  });

  t.test('adding a passkey needs a recent sign-in; signed out it is 401', async (t) => {
    t.equal((await createClient(stack.bffUrl).post('/api/Member/Passkey/RegisterOptions')).status, 401);
    const client = await signIn(stack, await createActiveMember(stack));
    const options = await client.post('/api/Member/Passkey/RegisterOptions');
    clock.advance(RECENT_SIGN_IN_SECONDS * 1000 + 1000);
    // Still inside the idle limit: the session is alive but its sign-in is too old.
    const stale = await client.post('/api/Member/Passkey/Register', {
      credential: new SoftwareAuthenticator(origin).register(options.body.data),
      name: 'Late',
    });
    t.equal(stale.status, 403);
    t.equal(stale.body.code, 'RecentSignInRequired');
    t.equal((await client.post('/api/Member/Passkey/RegisterOptions')).body.code, 'RecentSignInRequired');
    t.same((await client.get('/api/Member/Passkeys')).body.data.passkeys, [], 'nothing added');
  });

  t.test('a passkey sign-in with a return URL of the portal stays local; pass goes along', async (t) => {
    const client = await signIn(stack, await createActiveMember(stack));
    const authenticator = new SoftwareAuthenticator(origin);
    await addPasskey(client, authenticator, 'Key');
    const signedIn = await passkeySignIn(createClient(stack.bffUrl), authenticator, { returnUrl: `${origin}/en/my-account`, pass: 'p1' });
    t.equal(signedIn.body.code, 'ok');
    t.equal(signedIn.body.data.redirectUrl, `${origin}/en/my-account`);
  });

  t.test('adding a passkey mails the member in the language of the page; adding and removing are security events', async (t) => {
    const member = await createActiveMember(stack);
    const client = await signIn(stack, member);
    const options = await client.post('/api/Member/Passkey/RegisterOptions');
    const added = await client.post(
      '/api/Member/Passkey/Register',
      { credential: new SoftwareAuthenticator(origin).register(options.body.data), name: 'ノート PC' },
      { headers: { 'accept-language': 'ja-jp' } },
    );
    t.equal(added.body.code, 'ok');
    const mail = await waitForMail(stack.dataDir, member.email, { count: 2 });
    t.equal(mail.subject, 'アカウントにパスキーが追加されました');
    t.match(mail.text, '「ノート PC」', 'names the passkey');
    t.match(mail.text, `${origin}/ja-jp/my-account#passkeys`, 'and where to remove it');

    await client.delete(`/api/Member/Passkeys/${added.body.data.passkey.id}`);
    const events = (await client.get('/api/Member/SecurityEvents')).body.data.events.map((e: { type: string }) => e.type);
    t.same(events.slice(0, 2), ['passkeyRemoved', 'passkeyAdded'], 'newest first');
  });
});

t.test('one-time codes', async (t) => {
  const codeMails = async (dataDir: string, email: string) =>
    (await readOutbox(dataDir)).filter((m) => m.to === email && !/activate-member/.test(m.text)).length;
  const textMessages = async (dataDir: string) =>
    (await readdir(join(dataDir, 'outbox')).catch(() => [] as string[])).filter((n) => n.endsWith('.sms.txt')).sort();

  t.test('code sign-in by e-mail: the portal keeps the 180-second send window and signs in with the code', async (t) => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const { stack, member } = await startSignInStack(t, { clock });
    const ada = await member({ preferring: 0 });
    const browser = createClient(stack.bffUrl);
    const send = () => browser.post('/api/Member/SendOtpCode', { userId: ada.email, otpVerifyType: 1 });

    t.same((await send()).body, { isSuccess: true, code: 'ok', data: { showSendCode: true, remainingSeconds: 180 } });
    const code = await mailedCode(stack.dataDir, ada.email);
    clock.advance(60_000);
    t.same(
      (await send()).body.data,
      { showSendCode: true, remainingSeconds: 120 },
      'within the window: the countdown goes on from where it is',
    );
    t.same(
      (await browser.post('/api/Member/SendOtpCode', { userId: ada.email.toUpperCase(), otpVerifyType: 2 })).body.data.remainingSeconds,
      120,
      'for either delivery and however the ID is spelt',
    );
    t.equal(await codeMails(stack.dataDir, ada.email), 1, 'and no other code was sent');

    const wrong = await browser.post('/api/Member/otpVerify', {
      userId: ada.email,
      code: code === '000000' ? '111111' : '000000',
      otpVerifyType: 1,
    });
    t.same(wrong.body, { isSuccess: false, code: 'unauthorized' });
    const signedIn = await browser.post('/api/Member/otpVerify', {
      userId: ada.email,
      code,
      otpVerifyType: 1,
      returnUrl: 'https://shop.example/back?x=1',
    });
    t.equal(signedIn.body.code, 'ok');
    t.match(signedIn.body.data, {
      userId: ada.email,
      redirectUrl: 'https://shop.example/back?x=1',
      id: ada.publicId,
      tempId: /^[A-Za-z0-9_-]{43}$/,
    });
    t.notOk('token' in signedIn.body.data, 'the member token stays in the portal');
    t.same((await browser.get('/api/Member/IsLogin')).body.data, { isLogin: true });

    clock.advance(120_000);
    t.equal((await send()).body.data.remainingSeconds, 180, 'after the window a new code is sent');
    await mailedCode(stack.dataDir, ada.email, 2);
  });

  t.test('code sign-in by phone: the text goes after the reply; no proven mobile: the code goes by e-mail', async (t) => {
    const { stack, member, setMember } = await startSignInStack(t);
    // A number proven by a code sent to it (test/member-service/phone-proof.test.ts): only such a number gets sign-in codes.
    const ada = await member({ proven_mobile: '+4915123456789' });
    const browser = createClient(stack.bffUrl);
    const sent = await browser.post('/api/Member/SendOtpCode', { userId: ada.email, otpVerifyType: 2 });
    // The digits go only to a browser the member signed in from (test/security/v6-authentication/unproven-addresses-and-numbers-get-nothing-of-the-account.test.ts).
    t.same(sent.body, { isSuccess: true, code: 'ok', data: { showSendCode: true, remainingSeconds: 180 } });
    const again = await browser.post('/api/Member/SendOtpCode', { userId: ada.email, otpVerifyType: 2 });
    t.ok(again.body.data.remainingSeconds <= 180, 'within the window no other code is sent');
    for (let i = 0; i < 100 && (await textMessages(stack.dataDir)).length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    t.equal((await textMessages(stack.dataDir)).length, 1, 'one text message');
    const sms = await readFile(join(stack.dataDir, 'outbox', (await textMessages(stack.dataDir))[0]!), 'utf8');
    const code = /\b(\d{6})\b/.exec(sms)![1]!;
    t.equal((await browser.post('/api/Member/otpVerify', { userId: ada.email, code, otpVerifyType: 2 })).body.code, 'ok');

    const grace = await member();
    await setMember(grace.email, { mobile: '' });
    t.same((await browser.post('/api/Member/SendOtpCode', { userId: grace.email, otpVerifyType: 2 })).body, {
      isSuccess: true,
      code: 'ok',
      data: { showSendCode: true, remainingSeconds: 180 },
    });
    await mailedCode(stack.dataDir, grace.email);

    const unknown = await browser.post('/api/Member/SendOtpCode', { userId: 'nobody@example.com', otpVerifyType: 1 });
    t.same(
      unknown.body,
      { isSuccess: true, code: 'ok', data: { showSendCode: true, remainingSeconds: 180 } },
      'an unknown account: the same reply',
    );
    t.equal(
      (await browser.post('/api/Member/SendOtpCode', { userId: 'x', otpVerifyType: 3 })).status,
      400,
      'an unknown delivery type is refused',
    );
  });
});

t.test('company-site sign-in', async (t) => {
  const OPEN_REDIRECTS = [
    '//evil.example',
    '/\\evil.example',
    'https:evil.example',
    'https://shop.example\\@evil.example',
    'https://shop.example.evil.example',
    '%2F%2Fevil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '/en/login\r\nLocation: https://evil.example',
    'https://shop.example/\nx',
    'https://user@shop.example/',
  ];

  t.test('the sign-in ticket: a company site redeems it once with its key and can send the member back', async (t) => {
    const { stack, member, login } = await startSignInStack(t);
    const ada = await member({ preferring: 0 });
    const browser = createClient(stack.bffUrl);
    const signedIn = await login(browser, ada.email, undefined, 'https://shop.example/welcome?step=2');
    t.equal(signedIn.body.code, 'ok');
    t.match(signedIn.body.data, { redirectUrl: 'https://shop.example/welcome?step=2', id: ada.publicId, tempId: /^[A-Za-z0-9_-]{43}$/ });

    const shop = createClient(stack.bffUrl);
    const redeem = (key?: string, body: Record<string, unknown> = { memberId: signedIn.body.data.id, tempId: signedIn.body.data.tempId }) =>
      shop.post('/api/Member/CheckGoToProfile', body, { headers: key ? { authorization: `Bearer ${key}` } : {} });
    t.same([(await redeem()).status, (await redeem()).body], [403, { isSuccess: false, code: 'Forbidden' }], 'without a site key');
    t.equal((await redeem(`${SITE_KEY}x`)).status, 403, 'with a wrong site key');
    const redeemed = await redeem(SITE_KEY);
    t.equal(redeemed.body.code, 'ok', redeemed.text);
    t.match(redeemed.body.data, { memberId: ada.publicId, userId: ada.email, tempId: /^[A-Za-z0-9_-]{43}$/ });
    t.same((await redeem(SITE_KEY)).body, { isSuccess: false, code: 'TempIdInValid' }, 'a second use fails');
    t.equal(shop.cookies.size, 0, 'the site gets no portal session');

    const returning = createClient(stack.bffUrl);
    const back = await returning.post('/api/Member/RefererLogin', { id: ada.publicId, tempId: redeemed.body.data.tempId });
    t.equal(back.body.code, 'ok', 'the referer ticket signs the member in on this browser');
    t.notOk('token' in back.body.data);
    t.same((await returning.get('/api/Member/IsLogin')).body.data, { isLogin: true });
    const replay = await returning.post('/api/Member/RefererLogin', { id: ada.publicId, tempId: redeemed.body.data.tempId });
    t.same(replay.body, { isSuccess: false, code: 'TempIdInValid' }, 'once only');
    t.same(
      (await returning.get('/api/Member/IsLogin')).body.data,
      { isLogin: false },
      'a refused referer ends the session it arrived with',
    );
  });

  t.test('a new member going back to a site is sent to choosing preferences with the ticket', async (t) => {
    const { stack, member, login } = await startSignInStack(t);
    const ada = await member();
    const reply = await login(createClient(stack.bffUrl), ada.email, undefined, 'https://shop.example/welcome');
    t.equal(reply.body.code, 'preferring');
    t.match(reply.body.data, { redirectUrl: 'https://shop.example/welcome', id: ada.publicId, tempId: /./ });
    const local = await login(createClient(stack.bffUrl), ada.email, undefined, '/en/my-account');
    t.same(local.body.code, 'ok', 'a portal page as callback: no preferences step, no ticket');
    t.same([local.body.data.redirectUrl, local.body.data.tempId], ['/en/my-account', undefined]);
  });

  t.test('open redirects are refused at sign-in, code sign-in and sign-out', async (t) => {
    const { stack, member, login } = await startSignInStack(t);
    const ada = await member({ preferring: 0 });
    for (const payload of OPEN_REDIRECTS) {
      const browser = createClient(stack.bffUrl);
      const signedIn = await login(browser, ada.email, undefined, payload);
      t.equal(signedIn.body.code, 'ok', `${JSON.stringify(payload)}: signs in`);
      t.same(
        [signedIn.body.data.redirectUrl, signedIn.body.data.tempId],
        [undefined, undefined],
        `${JSON.stringify(payload)}: no redirect and no ticket at sign-in`,
      );
      const verify = await browser.post('/api/Member/otpVerify', { userId: ada.email, code: '123456', returnUrl: payload });
      t.notOk(verify.body.data?.redirectUrl, `${JSON.stringify(payload)}: none at code sign-in`);
      const out = await browser.get(`/api/Member/Logout?lang=ko-kr&callbackUrl=${encodeURIComponent(payload)}`);
      t.same(out.body.data, { redirectUrl: '/ko-kr/login' }, `${JSON.stringify(payload)}: sign-out falls back to login`);
    }
  });

  t.test('sign-out ends the session on both sides', async (t) => {
    const { stack, member, login } = await startSignInStack(t);
    const ada = await member();
    const browser = createClient(stack.bffUrl);
    await login(browser, ada.email);
    const [cookie] = [...browser.cookies];
    const out = await browser.get('/api/Member/Logout?callbackUrl=https%3A%2F%2Fshop.example%2Fbye');
    t.same(out.body.data, { redirectUrl: 'https://shop.example/bye' }, 'an allowed callback');
    const stale = createClient(stack.bffUrl);
    stale.cookies.set(cookie![0], cookie![1]);
    t.equal((await stale.get('/api/Member')).status, 401, 'the old cookie no longer works');
  });
});

t.test('encoded return URLs', async (t) => {
  // Spec section 3: the login form sends `returnUrl (URL-encoded callback)`; links carry it plain.
  // Every route that takes a return URL accepts both and allow-lists what the encoded one says.
  const SHOP = 'https://shop.example/cart?x=1&y=2';
  const ENCODED = encodeURIComponent(SHOP);
  const ENCODED_ELSEWHERE = encodeURIComponent('https://evil.example/cart');

  const { stack, member } = await startSignInStack(t);

  /** PATCH /api/member (choosing-preferring's Submit and Skip) as the signed-in client. */
  async function patchPreferences(client: TestClient, body: unknown) {
    const res = await fetch(new URL('/api/member', stack.bffUrl), {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { data?: unknown };
  }

  t.test('password and code sign-in', async (t) => {
    const ada = await member();
    const login = (returnUrl: string) =>
      createClient(stack.bffUrl).post('/api/Member/Login', { userId: ada.email, password: ada.password, returnUrl });
    t.match((await login(ENCODED)).body.data, { redirectUrl: SHOP, id: ada.publicId, tempId: /./ }, 'encoded');
    t.match((await login(SHOP)).body.data, { redirectUrl: SHOP, tempId: /./ }, 'plain');
    t.same([(await login(ENCODED_ELSEWHERE)).body.data.redirectUrl], [undefined], 'an encoded URL elsewhere is refused');
    t.equal((await login(encodeURIComponent('/en/register'))).body.data.redirectUrl, '/en/register', 'an encoded portal path');

    const browser = createClient(stack.bffUrl);
    await browser.post('/api/Member/SendOtpCode', { userId: ada.email, otpVerifyType: 1 });
    const code = await mailedCode(stack.dataDir, ada.email);
    const byCode = await browser.post('/api/Member/otpVerify', { userId: ada.email, code, otpVerifyType: 1, returnUrl: ENCODED });
    t.match(byCode.body.data, { redirectUrl: SHOP, tempId: /./ });
  });

  t.test('registration: the encoded return URL comes back at activation', async (t) => {
    const email = `encoded-${Date.now()}@example.com`;
    const browser = createClient(stack.bffUrl);
    t.equal((await browser.post('/api/Member/Register', validRegistration(email, { returnUrl: ENCODED }))).body.code, 'ok');
    const link = await activationLinkFor(stack.dataDir, email);
    const activated = await browser.post('/api/Member/Activate', { userId: link!.userId, token: link!.token });
    t.equal(activated.body.data.returnUrl, SHOP);
  });

  t.test('forgot password: the encoded return URL comes back after the reset', async (t) => {
    const grace = await createActiveMember(stack);
    const browser = createClient(stack.bffUrl);
    t.equal((await browser.post('/api/Member/ForgotPwd', { userId: grace.email, lang: 'en', returnUrl: ENCODED })).body.code, 'ok');
    const url = findLink(await waitForMail(stack.dataDir, grace.email, { count: 2 }), '/auth/verify-email/');
    const [, token = '', userId = ''] = /\/auth\/verify-email\/([^/]+)\/([^/?#]+)$/.exec(url ?? '') ?? [];
    const password = 'Zebra-Lantern42';
    const reset = await browser.post('/api/Member/ResetPwdUnAuth', {
      userId: decodeURIComponent(userId),
      token: decodeURIComponent(token),
      password,
      confirmPassword: password,
    });
    t.equal(reset.body.code, 'ok');
    t.equal(reset.body.data.redirectUrl, SHOP);
  });

  t.test('choosing preferences, back to site and sign-out', async (t) => {
    const browser = await signIn(stack, await createActiveMember(stack));
    t.same((await patchPreferences(browser, { skip: true, returnUrl: ENCODED })).data, { returnUrl: SHOP });
    t.same((await patchPreferences(browser, { skip: true, returnUrl: ENCODED_ELSEWHERE })).data, { returnUrl: '/en/my-account' });
    t.same((await browser.get(`/api/Member/BackToSite?callbackUrl=${encodeURIComponent(ENCODED)}`)).body.data, {
      url: SHOP,
      site: 'shop.example',
    });
    // Query parameter names are read in any letter case (spec section 2).
    t.same((await browser.get(`/api/Member/Logout?CallBackUrl=${encodeURIComponent(ENCODED)}`)).body.data, { redirectUrl: SHOP });
  });
});

t.test('sign-in results', async (t) => {
  const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

  t.test('every result code reaches the browser; the codes that sign in start a session', async (t) => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const { stack, member, setMember, login } = await startSignInStack(t, { clock, env: { ALLOWED_CALLBACK_HOSTS: 'shop.example' } });
    const ada = await member();
    const expectations: Array<[string, Record<string, unknown>, boolean]> = [
      ['defaultpwd', { status: 2, password_changed_at: null }, true],
      ['mustchange', { status: 2, password_changed_at: clock.now() }, true],
      ['expired', { status: 3 }, true],
      ['OneYearNotUpdatePwd', { status: 1, password_changed_at: clock.now() - YEAR_MS - 1 }, false],
      ['unauthorized', { status: 4, password_changed_at: clock.now() }, false],
      ['unauthorized', { status: 5 }, false],
      ['mustactivate', { status: 0 }, false],
      ['ok', { status: 1 }, true],
    ];
    for (const [code, changes, signsIn] of expectations) {
      await setMember(ada.email, changes);
      const browser = createClient(stack.bffUrl);
      const reply = await login(browser, ada.email);
      t.equal(reply.body.code, code, `${JSON.stringify(changes)} → ${code}`);
      t.notMatch(reply.text, /token/i, `${code}: no member token in the reply`);
      t.same(
        (await browser.get('/api/Member/IsLogin')).body.data,
        { isLogin: signsIn },
        `${code}: ${signsIn ? 'signed in' : 'no session'}`,
      );
      if (code === 'defaultpwd') t.equal((await browser.get('/api/Member')).body.data.status, 2, 'the header check sees status 2');
    }
    const hr = await login(createClient(stack.bffUrl), 'someone@corp.example');
    t.same(hr.body, { isSuccess: false, code: 'ContactHR', data: { remainingSeconds: 0 } }, 'company address');
    const bad = await createClient(stack.bffUrl).post('/api/Member/Login', { userId: '', password: 'x' });
    t.same([bad.status, bad.body.code], [400, 'FormValidateFail'], 'bad input is refused');
  });
});
