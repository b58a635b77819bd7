import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { createActiveMember, createClient, signIn, startStack, validRegistration, type Stack } from '../helper.ts';
import { findLink, readOutbox, waitForMail } from '../helpers/outbox.ts';

const NEW_PASSWORD = 'Zebra-Lantern42';

/** Direct access to the member service's SQLite file, for states the portal cannot produce (employees, blocked members, old passwords). */
function memberDb(stack: Stack) {
  const db = new SqliteDatabase(join(stack.dataDir, 'members.sqlite'));
  db.pragma('busy_timeout = 5000');
  return {
    set(email: string, column: string, value: number | string) {
      db.prepare(`update members set ${column} = ? where email = ?`).run(value, email);
    },
    get(email: string, column: string): unknown {
      return (db.prepare(`select ${column} as v from members where email = ?`).get(email) as { v: unknown }).v;
    },
    close: () => db.close(),
  };
}

/** The `count`th mail to the address, not counting new-device sign-in mails (a second browser signing in brings one). */
async function nthMailTo(stack: Stack, email: string, count: number) {
  for (let tries = 0; tries < 200; tries++) {
    const mails = (await readOutbox(stack.dataDir)).filter((m) => m.to === email && !m.text.includes('/not-me/'));
    if (mails.length >= count) return mails[mails.length - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return waitForMail(stack.dataDir, email, { count, timeoutMs: 0 });
}

/** The token and public id of the newest reset link mailed to the address. */
async function resetLinkFor(stack: Stack, email: string, count = 1) {
  const mail = await nthMailTo(stack, email, count);
  const url = findLink(mail, '/auth/verify-email/');
  const match = /\/([a-z-]+)\/auth\/verify-email\/([^/]+)\/([^/?#]+)$/.exec(url ?? '');
  if (!url || !match) throw new Error(`no reset link in ${mail.text}`);
  return { url, mail, lang: match[1]!, token: decodeURIComponent(match[2]!), userId: decodeURIComponent(match[3]!) };
}

t.test('forgot password: each outcome the screen needs, and bad input', async (t) => {
  const stack = await startStack(t, { env: { EMPLOYEE_RESET_PASSWORD_URL: 'https://employees.example/reset' } });
  const db = memberDb(stack);
  t.teardown(db.close);
  const client = createClient(stack.bffUrl);
  const forgot = (userId: string) => client.post('/api/Member/ForgotPwd', { userId, lang: 'en' });

  t.equal((await forgot('nobody@example.com')).body.code, 'notfound');
  const bad = await forgot('not-an-address');
  t.equal(bad.status, 400);
  t.same(bad.body.errors, [{ field: 'userId', code: 'EmailFormat' }]);

  const unverified = 'unverified@example.com';
  await client.post('/api/Member/Register', validRegistration(unverified));
  t.equal((await forgot(unverified)).body.code, 'mustactivate');

  const inactive = await createActiveMember(stack);
  db.set(inactive.email, 'status', 4);
  t.equal((await forgot(inactive.email)).body.code, 'unauthorized');

  const employee = await createActiveMember(stack);
  db.set(employee.email, 'is_emp', 1);
  const employeeReply = await forgot(employee.email);
  t.equal(employeeReply.body.code, 'ResetPwd4DL');
  t.same(employeeReply.body.data, { redirectUrl: 'https://employees.example/reset' }, 'the configured employee reset page');

  const member = await createActiveMember(stack);
  const sent = await forgot(member.email.toUpperCase());
  t.equal(sent.body.code, 'ok');
  const link = await resetLinkFor(stack, member.email, 2);
  t.match(link.mail.subject, /Reset your password/);
  const mailsTo = async (email: string) => (await readOutbox(stack.dataDir)).filter((m) => m.to === email).length;
  t.equal(await mailsTo(inactive.email), 1, 'no reset mail to an inactive member (only the verification mail)');
  t.equal(await mailsTo(employee.email), 1, 'nor to an employee');
});

t.test('reset link: configured origin despite Host poisoning, expiry by the clock, superseded, single use, sessions ended', async (t) => {
  const clock = new ManualClock();
  const stack = await startStack(t, { clock, env: { ALLOWED_CALLBACK_HOSTS: 'shop.example.com' } });
  const member = await createActiveMember(stack);
  const other = await signIn(stack, member);
  const anonymous = createClient(stack.bffUrl);

  await anonymous.post(
    '/api/Member/ForgotPwd',
    { userId: member.email, lang: 'ja-jp', returnUrl: 'https://shop.example.com/cart' },
    {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    },
  );
  const first = await resetLinkFor(stack, member.email, 2);
  t.ok(first.url.startsWith(`${stack.bffConfig.publicOrigin}/ja-jp/auth/verify-email/`), `built from the configured origin: ${first.url}`);
  t.notMatch(first.mail.text + first.mail.html, /evil\.example/);
  t.match(first.mail.subject, /パスワード/, 'in the language asked for');

  const check = (token: string, userId?: string) =>
    anonymous.get(
      `/api/Member/CheckResetPwdTokenIsExpired/${encodeURIComponent(token)}${userId ? `?userId=${encodeURIComponent(userId)}` : ''}`,
    );
  t.same((await check(first.token, first.userId)).body, { isSuccess: true, code: 'ok', data: { reason: 'forgot' } });
  t.equal((await check(first.token, 'someone-else')).body.code, 'ResetLinkExpired', 'the link belongs to its member');
  t.equal((await check('made-up-token')).body.code, 'ResetLinkExpired');

  clock.advance(60 * 60 * 1000 + 1000);
  t.equal((await check(first.token, first.userId)).body.code, 'ResetLinkExpired', 'an hour later the link has expired');
  const late = await anonymous.post('/api/Member/ResetPwdUnAuth', {
    userId: first.userId,
    token: first.token,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });
  t.equal(late.body.code, 'ResetLinkExpired');

  // Signing in again: the session above idled out while the clock moved.
  const signedIn = await signIn(stack, member);
  const secondDevice = await signIn(stack, member);
  t.equal((await anonymous.post('/api/Member/ResendResetPwdMail', { userId: first.userId, lang: 'en' })).body.code, 'ok');
  const second = await resetLinkFor(stack, member.email, 3);
  t.equal(second.lang, 'en');
  await anonymous.post('/api/Member/ForgotPwd', { userId: member.email, lang: 'en', returnUrl: 'https://evil.example/x' });
  const third = await resetLinkFor(stack, member.email, 4);
  t.equal((await check(second.token, second.userId)).body.code, 'ResetLinkExpired', 'a newer request replaces the older link');

  const reset = (password: string, confirmPassword = password) =>
    anonymous.post('/api/Member/ResetPwdUnAuth', { userId: third.userId, token: third.token, password, confirmPassword, lang: 'en' });
  t.same((await reset('short')).body.errors, [{ field: 'password', code: 'PasswordFormat' }]);
  t.same((await reset(NEW_PASSWORD, 'Other-Lantern42')).body.errors, [{ field: 'confirmPassword', code: 'PasswordDontMatch' }]);
  const common = await reset('Password1');
  t.equal(common.status, 400);
  t.same(common.body.errors, [{ field: 'password', code: 'PasswordTooCommon' }], 'a common breached password is refused');
  t.equal((await reset('sECRET123')).body.errors[0].code, 'PasswordTooCommon', 'whatever its case');
  t.equal((await reset(member.email.split('@')[0]!.replace(/^m/, 'M'))).body.code, 'useridpwdthesame', 'the account id is refused');
  t.equal(
    (await anonymous.post('/api/Member/ValidatePwdUnAuth', { userId: third.userId, token: third.token, password: NEW_PASSWORD })).body.code,
    'ok',
    'the pre-check accepts the new password',
  );

  const done = await reset(NEW_PASSWORD);
  t.equal(done.body.code, 'ok', done.text);
  t.same(done.body.data, { userId: member.email }, 'a foreign return URL is not handed back; no member id leaves the portal');
  t.equal((await reset('Another-Lantern43')).body.code, 'ResetLinkExpired', 'the link works once');

  for (const [name, client] of [
    ['first device', signedIn],
    ['second device', secondDevice],
    ['idle device', other],
  ] as const) {
    t.same((await client.get('/api/Member/IsLogin')).body.data, { isLogin: false }, `${name} is signed out`);
  }
  const changedMail = await nthMailTo(stack, member.email, 5);
  t.match(changedMail.subject, /password was changed/);
  t.equal(
    (await createClient(stack.bffUrl).post('/api/Member/Login', { userId: member.email, password: member.password })).body.code,
    'AccountOrPwdFail',
  );
  await signIn(stack, { email: member.email, password: NEW_PASSWORD });

  await anonymous.post('/api/Member/ForgotPwd', { userId: member.email, returnUrl: 'https://shop.example.com/cart' });
  const allowed = await resetLinkFor(stack, member.email, 6);
  const again = await anonymous.post('/api/Member/ResetPwdUnAuth', {
    userId: allowed.userId,
    token: allowed.token,
    password: NEW_PASSWORD,
  });
  t.equal(again.body.code, 'passwordused', 'the current password is refused, and the link still works after a refusal');
  const withReturn = await anonymous.post('/api/Member/ResetPwdUnAuth', {
    userId: allowed.userId,
    token: allowed.token,
    password: 'Quartz-Meadow77',
  });
  t.equal(withReturn.body.data.redirectUrl, 'https://shop.example.com/cart', 'an allowed return URL comes back');
});

t.test('signed-in change: wrong current password, same password, other sessions end, open links die', async (t) => {
  const stack = await startStack(t);
  const member = await createActiveMember(stack);
  const browser = await signIn(stack, member);
  const otherDevice = await signIn(stack, member);
  const change = (currentPassword: string, newPassword: string) =>
    browser.post('/api/Member/ResetPwd', { currentPassword, newPassword, confirmPassword: newPassword, lang: 'en' });

  t.equal(
    (await createClient(stack.bffUrl).post('/api/Member/ResetPwd', { currentPassword: 'x', newPassword: NEW_PASSWORD })).status,
    401,
    'only when signed in',
  );
  t.equal((await change('Wrong-Password9', NEW_PASSWORD)).body.code, 'AccountOrPwdFail');
  t.same((await change(member.password, member.password)).body.errors, [{ field: 'password', code: 'PasswordSameAsOld' }]);
  t.same((await change(member.password, 'Abcd1234')).body.errors, [{ field: 'password', code: 'PasswordTooCommon' }]);
  t.equal((await browser.post('/api/Member/ValidatePwd', { password: 'Abcd1234' })).body.errors[0].code, 'PasswordTooCommon');

  await browser.post('/api/Member/ForgotPwd', { userId: member.email });
  const open = await resetLinkFor(stack, member.email, 2);

  const changed = await change(member.password, NEW_PASSWORD);
  t.same(changed.body, { isSuccess: true, code: 'ok' });
  t.same((await browser.get('/api/Member/IsLogin')).body.data, { isLogin: true }, 'this session stays');
  t.same((await otherDevice.get('/api/Member/IsLogin')).body.data, { isLogin: false }, 'the other session ends');
  const check = await browser.get(`/api/Member/CheckResetPwdTokenIsExpired/${open.token}`);
  t.equal(check.body.code, 'ResetLinkExpired', 'a reset link mailed before the change no longer works');
  const profile = await browser.get('/api/Member');
  t.ok(profile.body.data.LastPwdModifiedDate, 'the change date is known');
  t.match((await nthMailTo(stack, member.email, 3)).subject, /password was changed/);
});

t.test('per-address limit on password mails, across IPs and spellings', async (t) => {
  const stack = await startStack(t, { env: { PASSWORD_MAIL_PER_ADDRESS_PER_HOUR: '2' } });
  const member = await createActiveMember(stack);
  const a = createClient(stack.bffUrl);
  t.equal((await a.post('/api/Member/ForgotPwd', { userId: member.email })).body.code, 'ok');
  t.equal((await a.post('/api/Member/ResendResetPwdMail', { userId: member.email.toUpperCase() })).body.code, 'ok');
  const limited = await createClient(stack.bffUrl).post('/api/Member/ForgotPwd', { userId: member.email });
  t.equal(limited.status, 429);
  t.equal(limited.body.code, 'TooManyRequests');
  t.ok(limited.headers.get('retry-after'));
  t.equal(
    (await a.post('/api/Member/ForgotPwd', { userId: 'someone-else@example.com' })).body.code,
    'notfound',
    'other addresses are not affected',
  );
});

t.test('annual reminder: resend, keep the old password once, restart the clock', async (t) => {
  const stack = await startStack(t, { env: { ALLOWED_CALLBACK_HOSTS: 'shop.example.com' } });
  const db = memberDb(stack);
  t.teardown(db.close);
  const member = await createActiveMember(stack);
  const client = createClient(stack.bffUrl);

  await client.post('/api/Member/ResendOneYearNotUpdatePwdMail', { userId: member.email, lang: 'es-es' });
  // The member service decides after its reply: let it, before the password ages.
  await stack.apps.memberService.background.drain();
  const yearAgo = Date.now() - 366 * 24 * 60 * 60 * 1000;
  db.set(member.email, 'password_changed_at', yearAgo);
  t.equal((await client.post('/api/Member/ResendOneYearNotUpdatePwdMail', { userId: member.email, lang: 'es-es' })).body.code, 'ok');
  const mail = await waitForMail(stack.dataDir, member.email, { count: 2 });
  t.equal((await readOutbox(stack.dataDir)).filter((m) => m.to === member.email).length, 2, 'no reminder while the password is young');
  t.match(mail.subject, /contraseña/);
  const keep = findLink(mail, '/notice-password-unchanged/');
  const match = /\/es-es\/notice-password-unchanged\/([^/]+)\/([^/]+)\/([^/?#]+)$/.exec(keep ?? '');
  t.ok(match, `keep link: ${keep}`);
  t.ok(findLink(mail, '/es-es/auth/verify-email/'), 'and a link to change it now');
  const [, seq, pass, tempId] = match!;
  db.set(member.email, 'return_url', 'https://evil.example/steal');

  t.equal((await client.put('/api/Member/UpdateMemberPwdDate', { memberId: 'wrong', tempId })).body.code, 'ResetLinkExpired');
  const kept = await client.put('/api/Member/UpdateMemberPwdDate', {
    memberId: decodeURIComponent(seq!),
    tempId: decodeURIComponent(tempId!),
  });
  t.equal(kept.body.code, 'ok', kept.text);
  t.equal(kept.body.data, '', 'a callback URL off the allow-list does not reach the browser');
  t.equal(pass, '-', 'no pass value for this member');
  t.ok(Number(db.get(member.email, 'password_changed_at')) > yearAgo, 'the one-year clock restarted');
  t.equal(
    (await client.put('/api/Member/UpdateMemberPwdDate', { memberId: decodeURIComponent(seq!), tempId: decodeURIComponent(tempId!) })).body
      .code,
    'ResetLinkExpired',
    'once',
  );
  await signIn(stack, member);
});
