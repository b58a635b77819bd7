import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { findLink, readOutbox, waitForMail } from '../helpers/outbox.ts';
import { databaseEngines } from './engines.ts';
import { linkParts, PASSWORD, register, startMemberService, type TestService } from './service.ts';

const NEW_PASSWORD = 'Zebra-Lantern42';

async function activeMember(service: TestService, email: string) {
  await register(service, { email, userId: email });
  const { token, publicId } = linkParts(findLink(await waitForMail(service.dataDir, email), '/auth/activate-member/')!);
  await service.call('POST', '/api/Member/Activate', { body: { userId: publicId, token, registrantEmail: email } });
}

async function signIn(service: TestService, email: string, password: string): Promise<string> {
  const reply = await service.call('POST', '/api/Member/Login', { body: { userId: email, password: service.encode(password) } });
  if (!reply.body.data?.token) throw new Error(`no sign-in: ${JSON.stringify(reply.body)}`);
  return reply.body.data.token;
}

async function resetLink(service: TestService, email: string, count: number) {
  const url = findLink(await waitForMail(service.dataDir, email, { count }), '/auth/verify-email/')!;
  const [, token, userId] = /\/auth\/verify-email\/([^/]+)\/([^/?#]+)$/.exec(url)!;
  return { url, token: decodeURIComponent(token!), userId: decodeURIComponent(userId!) };
}

for (const engine of databaseEngines(t)) {
  t.test(`reset by link and signed-in change (${engine.name})`, { skip: engine.skip }, async (t) => {
    const clock = new ManualClock();
    const service = await startMemberService(t, { databaseUrl: await engine.databaseUrl() }, { clock });
    const email = 'ada@example.com';
    await activeMember(service, email);
    const isLogin = async (token: string) => (await service.call('GET', '/api/Member/IsLogin', { token })).status;

    const forgot = await service.call('POST', '/api/Member/ForgotPwd', {
      body: { userId: 'ADA@example.com', returnUrl: 'https://shop.example/back', lang: 'en' },
    });
    t.same(forgot.body, { isSuccess: true, code: 'ok' });
    const first = await resetLink(service, email, 2);
    t.match(
      first.url,
      /^https:\/\/portal\.example\/en\/auth\/verify-email\/[A-Za-z0-9_-]{43}\/[A-Za-z0-9_-]{22}$/,
      'the configured origin, an opaque id',
    );

    const check = (token: string, userId: string) =>
      service.call('GET', `/api/Member/CheckResetPwdTokenIsExpired/${token}?userId=${userId}`);
    t.same(
      (await check(first.token, first.userId)).body.data,
      { reason: 'forgot', userId: email },
      'and the account, for the portal to lock',
    );
    clock.advance(59 * 60 * 1000);
    t.equal((await check(first.token, first.userId)).body.code, 'ok', 'still valid after 59 minutes');
    clock.advance(60 * 1000);
    t.equal((await check(first.token, first.userId)).body.code, 'ResetLinkExpired', 'expired after one hour');

    await service.call('POST', '/api/Member/ResendResetPwdMail', { body: { userId: first.userId } });
    const second = await resetLink(service, email, 3);
    const tokens = [await signIn(service, email, PASSWORD), await signIn(service, email, PASSWORD)];
    const reset = (password: string, link = second) =>
      service.call('POST', '/api/Member/ResetPwdUnAuth', {
        body: { userId: link.userId, token: link.token, password: service.encode(password) },
      });

    t.same((await reset('lowercase1')).body.errors, [{ field: 'password', code: 'PasswordFormat' }]);
    t.same((await reset('Qwerty123')).body.errors, [{ field: 'password', code: 'PasswordTooCommon' }]);
    t.equal((await reset(PASSWORD)).body.code, 'passwordused');
    t.equal(
      (
        await service.call('POST', '/api/Member/ResetPwdUnAuth', {
          body: { userId: second.userId, token: second.token, password: 'not-encoded!' },
        })
      ).status,
      400,
    );
    t.equal(
      (
        await service.call('POST', '/api/Member/ResetPwdUnAuth', {
          body: { userId: 'another-id', token: second.token, password: service.encode(NEW_PASSWORD) },
        })
      ).body.code,
      'ResetLinkExpired',
    );

    const done = await reset(NEW_PASSWORD);
    t.same(done.body.data, { memberId: done.body.data.memberId, userId: email }, 'no return URL was asked for with this link');
    t.equal((await reset('Another-Lantern43')).body.code, 'ResetLinkExpired', 'single use');
    for (const token of tokens) t.equal(await isLogin(token), 401, 'every session ended');
    t.match((await waitForMail(service.dataDir, email, { count: 4 })).subject, /password was changed/);

    const current = await signIn(service, email, NEW_PASSWORD);
    const other = await signIn(service, email, NEW_PASSWORD);
    await service.call('POST', '/api/Member/ForgotPwd', { body: { userId: email } });
    const open = await resetLink(service, email, 5);
    const change = (currentPassword: string, newPassword: string) =>
      service.call('POST', '/api/Member/ResetPwd', {
        token: current,
        body: { currentPassword: service.encode(currentPassword), newPassword: service.encode(newPassword) },
      });
    t.equal((await change('Wrong-Password9', 'Quartz-Meadow77')).body.code, 'AccountOrPwdFail');
    t.equal((await change(NEW_PASSWORD, NEW_PASSWORD)).body.code, 'passwordused');
    t.same(
      (await service.call('POST', '/api/Member/ValidatePwd', { token: current, body: { password: service.encode('Quartz-Meadow77') } }))
        .body,
      { isSuccess: true, code: 'ok' },
    );
    t.equal((await change(NEW_PASSWORD, 'Quartz-Meadow77')).body.code, 'ok');
    t.equal(await isLogin(current), 200, 'the session that changed it stays');
    t.equal(await isLogin(other), 401, 'the other one ends');
    t.equal((await check(open.token, open.userId)).body.code, 'ResetLinkExpired', 'an open link dies with the change');
    t.equal(
      (await service.call('POST', '/api/Member/ResetPwd', { body: { currentPassword: 'x', newPassword: 'y' } })).status,
      401,
      'only with a member token',
    );
  });
}

t.test('who gets a reset mail, and what the reply tells', async (t) => {
  const service = await startMemberService(t);
  await activeMember(service, 'active@example.com');
  await register(service, { email: 'new@example.com', userId: 'new@example.com' });
  const forgot = (userId: string) => service.call('POST', '/api/Member/ForgotPwd', { body: { userId } });

  t.equal((await forgot('nobody@example.com')).body.code, 'notfound');
  t.equal((await forgot('new@example.com')).body.code, 'mustactivate');
  t.same((await forgot('x'.repeat(90) + '@example.com')).body.errors, [{ field: 'userId', code: 'LengthErrorEmail' }]);
  t.same((await service.call('POST', '/api/Member/ResendResetPwdMail', { body: { userId: 'new@example.com' } })).body, {
    isSuccess: true,
    code: 'ok',
  });
  t.same(
    (await service.call('POST', '/api/Member/ResendResetPwdMail', { body: { userId: 'nobody@example.com' } })).body,
    { isSuccess: true, code: 'ok' },
    'the same reply for nobody',
  );
  await service.app.close();
  const toNew = (await readOutbox(service.dataDir)).filter((m) => m.to === 'new@example.com');
  t.equal(toNew.length, 1, 'an unverified member gets only the verification mail');
});
