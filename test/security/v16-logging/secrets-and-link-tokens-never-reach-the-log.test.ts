import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import t from 'tap';
import { openMemberStore } from '../../../server/member-service/store/store.ts';
import { SCREENS } from '../../../shared/screens.ts';
import { activationLinkFor, createActiveMember, createClient, signIn, startStack, TEST_PASSWORD, validRegistration } from '../../helper.ts';
import { findLink, waitForMail } from '../../helpers/outbox.ts';

/**
 * Passwords, codes, secrets and the tokens in mailed links never reach the log: an operator or a
 * leaked log file learns nothing that signs anyone in.
 */

t.test('link tokens never reach the log', async (t) => {
  // Whoever reads the portal's log must not find a live token in it: an activation, reset or
  // keep-password token, a referer ticket or a sign-in ticket read from a log line signs in or
  // resets the password. Real links, opened as a browser opens them, over real requests.
  const SITE_KEY = 'site-key-of-the-shop-0123456789abcdef';
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });

  const stack = await startStack(t, {
    logger: { level: 'debug', stream },
    env: { ALLOWED_CALLBACK_HOSTS: 'shop.example', SSO_SITE_KEYS: SITE_KEY, LOGIN_RATE_LIMIT_PER_MINUTE: '1000' },
  });
  // The app shell, as `npm run build` leaves it: page paths are answered with it.
  await mkdir(stack.bffConfig.clientDir, { recursive: true });
  await writeFile(join(stack.bffConfig.clientDir, 'index.html'), '<!doctype html><title>Portal</title>');
  const store = await openMemberStore({ dataDir: stack.dataDir });
  t.teardown(() => store.close());

  /** Opens a path as written (fetch would normalise it), as a browser following a link does. */
  function open(path: string): Promise<number> {
    const { port } = new URL(stack.bffUrl);
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** The path of a mailed link (origin dropped), as the browser requests it. */
  const pathOf = (url: string) => url.slice(stack.bffConfig.publicOrigin.length);
  const segmentsAfter = (url: string, marker: string) => pathOf(url).split(marker)[1]!.split('/').map(decodeURIComponent);

  const secrets = new Map<string, string>();
  function secret(name: string, value: string | undefined) {
    if (!value || value === '-') throw new Error(`no ${name}`);
    secrets.set(name, value);
  }

  t.test('opening every kind of link, and using it as the pages do', async (t) => {
    // Activation: /{lang}/auth/activate-member/{token}/{userId}/{pass}
    const email = `logged-${Date.now()}@example.com`;
    const browser = createClient(stack.bffUrl);
    await browser.post('/api/Member/Register', validRegistration(email, { source: 'iotmart' }));
    const activation = await activationLinkFor(stack.dataDir, email);
    secret('activation token', activation!.token);
    t.equal(await open(pathOf(activation!.url)), 200);
    t.equal((await browser.post('/api/Member/Activate', { userId: activation!.userId, token: activation!.token })).body.code, 'ok');

    // Reset: /{lang}/auth/verify-email/{token}/{userId}, checked and used by the page.
    const member = await createActiveMember(stack);
    await browser.post('/api/Member/ForgotPwd', { userId: member.email, lang: 'en' });
    const resetUrl = findLink(await waitForMail(stack.dataDir, member.email, { count: 2 }), '/auth/verify-email/')!;
    const [resetToken = '', resetUserId = ''] = segmentsAfter(resetUrl, '/auth/verify-email/');
    secret('reset token', resetToken);
    t.equal(await open(pathOf(resetUrl)), 200);
    await browser.get(
      `/api/Member/CheckResetPwdTokenIsExpired/${encodeURIComponent(resetToken)}?userId=${encodeURIComponent(resetUserId)}`,
    );
    await browser.post('/api/Member/ValidatePwdUnAuth', { userId: resetUserId, token: resetToken, password: 'Zebra-Lantern42' });

    // Keep password: /{lang}/notice-password-unchanged/{seq}/{pass}/{tempid}
    const row = await store.members.findByEmail(member.email);
    await store.members.update(row!.id, { password_changed_at: Date.now() - 366 * 24 * 60 * 60 * 1000 });
    await browser.post('/api/Member/ResendOneYearNotUpdatePwdMail', { userId: member.email, lang: 'en' });
    const keepUrl = findLink(await waitForMail(stack.dataDir, member.email, { count: 3 }), '/notice-password-unchanged/')!;
    const [seq = '', , keepToken = ''] = segmentsAfter(keepUrl, '/notice-password-unchanged/');
    secret('keep-password token', keepToken);
    t.equal(await open(pathOf(keepUrl)), 200);
    t.equal((await browser.put('/api/Member/UpdateMemberPwdDate', { memberId: seq, tempId: keepToken })).body.code, 'ok');

    // Sign-in ticket to a company site, then the referer ticket it sends the member back with.
    const signedIn = await createClient(stack.bffUrl).post('/api/Member/Login', {
      userId: member.email,
      password: TEST_PASSWORD,
      returnUrl: encodeURIComponent('https://shop.example/welcome'),
    });
    secret('sign-in ticket', signedIn.body.data.tempId);
    const shop = createClient(stack.bffUrl);
    const redeemed = await shop.post(
      '/api/Member/CheckGoToProfile',
      { memberId: signedIn.body.data.id, tempId: signedIn.body.data.tempId },
      { headers: { authorization: `Bearer ${SITE_KEY}` } },
    );
    secret('referer ticket', redeemed.body.data.tempId);
    const referer = `/en/referer/profile/${encodeURIComponent(signedIn.body.data.id)}/${encodeURIComponent(redeemed.body.data.tempId)}`;
    t.equal(await open(referer), 200);
    t.equal(
      (await createClient(stack.bffUrl).post('/api/Member/RefererLogin', { id: signedIn.body.data.id, tempId: redeemed.body.data.tempId }))
        .body.code,
      'ok',
    );

    // Tickets and codes in queries, and odd spellings of the token paths.
    secret('query ticket', 'QueryTicket0123456789');
    secret('query code', 'QueryCode0123456789');
    await open(`/en/login?callbackurl=${encodeURIComponent('https://shop.example/x?id=1&tempid=QueryTicket0123456789')}`);
    await open('/en/reset-password?token=QueryTicket0123456789&code=QueryCode0123456789');
    await open(`/EN/AUTH/VERIFY-EMAIL/${encodeURIComponent(resetToken)}/${encodeURIComponent(resetUserId)}`);
    await open(`/en/auth/verify%2Demail/${encodeURIComponent(resetToken)}/${encodeURIComponent(resetUserId)}`);
    await open(`/en/auth/verify-email%2F${encodeURIComponent(resetToken)}%2F${encodeURIComponent(resetUserId)}`);
    secret('token in a malformed URL', 'MalformedToken0123456789');
    t.equal(await open('/en/auth/verify-email/MalformedToken0123456789%zz/x'), 400, 'a malformed URL is refused (and logged)');
    t.equal(await open('/api/Member/CheckResetPwdTokenIsExpired/MalformedToken0123456789%zz'), 400);
  });

  t.test('every page path with parameters in the table of screens is masked', async (t) => {
    const withParameters = SCREENS.flatMap((screen) => screen.paths.filter((path) => path.includes(':')));
    t.ok(withParameters.length >= 4, `pages with path parameters: ${withParameters.join(', ')}`);
    for (const [index, path] of withParameters.entries()) {
      const value = `RouteSecret${index}x0123456789`;
      secret(`parameter of ${path}`, value);
      t.equal(await open(`/en${path.replace(/:[A-Za-z]+/g, value)}`), 200, path);
    }
  });

  t.test('the log holds the requests, and none of the secrets', async (t) => {
    const log = lines.join('\n');
    const urls = lines
      .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)
      .filter((url): url is string => url !== undefined);
    t.ok(urls.includes('/en/auth/activate-member/[redacted]/[redacted]/[redacted]'), 'the activation page request is logged, masked');
    t.ok(urls.includes('/en/referer/[redacted]/[redacted]/[redacted]'), 'the referer page request too');
    t.ok(urls.includes('/api/Member/CheckResetPwdTokenIsExpired/:token'), 'an API route with parameters is logged by its pattern');
    t.ok(
      lines.some((line) => line.includes('"msg":"bad request"')),
      'the malformed URLs are logged',
    );
    t.ok(
      lines.some((line) => line.includes('member service call')),
      'upstream calls are logged at debug level',
    );
    for (const [name, value] of secrets) {
      for (const form of new Set([value, encodeURIComponent(value)])) t.notOk(log.includes(form), `no ${name} in the log`);
    }
  });
});

t.test('not me link token never reaches the log', async (t) => {
  // The new-device mail's "This wasn't me" link signs every browser of the member out without a
  // session: its token, read from a log line, would let anyone do that. Opened as a browser opens it.
  const SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  t.test("the not-me link's token appears in no log line, when the page is opened or the action taken", async (t) => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const stack = await startStack(t, { logger: { level: 'debug', stream } });
    await mkdir(stack.bffConfig.clientDir, { recursive: true });
    await writeFile(join(stack.bffConfig.clientDir, 'index.html'), '<!doctype html><title>Portal</title>');
    const member = await createActiveMember(stack);
    await signIn(stack, member);
    await createClient(stack.bffUrl).post(
      '/api/Member/Login',
      { userId: member.email, password: member.password },
      { headers: { 'user-agent': SAFARI } },
    );
    const link = findLink(await waitForMail(stack.dataDir, member.email, { count: 2 }), '/not-me/');
    const path = link!.slice(stack.bffConfig.publicOrigin.length);
    const [, , , eventId = '', token = ''] = path.split('/').map(decodeURIComponent);
    t.ok(token.length > 20, 'the link carries a token');

    const { port } = new URL(stack.bffUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });
    t.equal(status, 200, 'the page is served');
    t.same((await createClient(stack.bffUrl).post('/api/Member/SecurityEvents/NotMe', { eventId, token })).body, {
      isSuccess: true,
      code: 'ok',
    });
    t.ok(
      lines.some((line) => line.includes('/not-me/')),
      'the page request is logged',
    );
    t.same(
      lines.filter((line) => line.includes(token)),
      [],
      'with the token masked everywhere',
    );
  });
});

t.test('secrets never reach the log', async (t) => {
  t.test('passwords, tokens, codes and cookies never reach the log, even at debug level', async (t) => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const stack = await startStack(t, { logger: { level: 'debug', stream } });
    const browser = createClient(stack.bffUrl);
    const email = 'grace@example.com';

    await browser.post('/api/Member/Register', validRegistration(email));
    const link = await activationLinkFor(stack.dataDir, email);
    await browser.post('/api/Member/Activate', { userId: link!.userId, token: link!.token });
    await browser.post('/api/Member/Login', { userId: email, password: 'Wrong1234' });
    const signedIn = await browser.post('/api/Member/Login', { userId: email, password: TEST_PASSWORD });
    t.equal(signedIn.body.code, 'ok');
    const cookie = [...browser.cookies.values()][0]!;
    await browser.get('/api/Member', { headers: { authorization: 'Bearer should-not-appear' } });
    await browser.get('/api/Member/Logout?callbackUrl=%2Fen%2Flogin&ticket=secret-ticket');

    const log = lines.join('\n');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    t.ok(
      entries.some((e) => e.msg === 'member service call'),
      'upstream calls are logged at debug level',
    );
    t.ok(
      entries.some((e) => (e.upstream as { path?: string } | undefined)?.path === '/api/Member/Login'),
      'including the sign-in',
    );

    t.notMatch(log, TEST_PASSWORD, 'no password');
    t.notMatch(log, 'Wrong1234', 'not even a wrong one');
    t.notMatch(log, link!.token, 'no activation token');
    t.notMatch(log, cookie, 'no session cookie');
    t.notMatch(log, 'should-not-appear', 'no authorization header');
    for (const key of ['password', 'confirmPassword', 'token']) {
      const values = [...log.matchAll(new RegExp(`"${key}":("[^"]*"|\\{)`, 'g'))].map((m) => m[1]);
      t.ok(values.length > 0, `${key} fields were logged`);
      t.same([...new Set(values)], ['"[redacted]"'], `every ${key} is redacted`);
    }
    t.ok(
      entries.some((e) => (e.req as { url?: string } | undefined)?.url === '/api/Member/Logout'),
      'the sign-out request is logged',
    );
    t.notMatch(log, 'secret-ticket', 'without its query string');
    t.ok(
      entries.filter((e) => e.msg === 'request completed').every((e) => typeof e.reqId === 'string'),
      "each response's line carries its request's id",
    );
  });
});
