import { createServer, type IncomingMessage } from 'node:http';
import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { readOutbox, findLink, waitForMail } from '../helpers/outbox.ts';
import { databaseEngines } from './engines.ts';
import { GERMAN_MOBILE, mailedCode, startSignInService, textMessages, type SignInService } from './sign-in-fixtures.ts';
import { PASSWORD, linkParts, register, startMemberService, type TestService } from './service.ts';
import { loadMemberServiceConfig } from '../../server/member-service/config.ts';

t.test('one-time codes', async (t) => {
  const sendCode = (service: SignInService, userId: string, otpVerifyType: 1 | 2, lang = 'en') =>
    service.call('POST', '/api/Member/SendOtpCode', { body: { userId, otpVerifyType, lang } });
  const verify = (service: SignInService, userId: string, code: string) =>
    service.call('POST', '/api/Member/otpVerify', { body: { userId, code, otpVerifyType: 1 } });

  /** Waits until `condition` holds: texts go out after the reply, so its time does not tell who has a proven number. */
  async function eventually(condition: () => boolean | Promise<boolean>): Promise<void> {
    for (let i = 0; i < 100 && !(await condition()); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  for (const engine of databaseEngines(t)) {
    t.test(
      `a code by e-mail signs in once; only the latest works; it expires after 10 minutes (${engine.name})`,
      { skip: engine.skip },
      async (t) => {
        const clock = new ManualClock(Date.UTC(2026, 0, 1));
        const service = await startSignInService(t, { databaseUrl: await engine.databaseUrl() }, clock);
        const email = 'ada@example.com';
        await service.activeMember(email);

        t.same((await sendCode(service, email, 1, 'ja-jp')).body, { isSuccess: true, code: 'ok', data: { showSendCode: true } });
        const first = await mailedCode(service.dataDir, email);
        t.match(first, /^\d{6}$/, 'six digits');
        const mail = (await readOutbox(service.dataDir)).at(-1)!;
        t.equal(mail.subject, 'ログイン用の認証コード', 'in the language asked for');

        await sendCode(service, email, 1);
        const second = await mailedCode(service.dataDir, email, 2);
        if (second === first) t.fail('two codes in a row were the same (one in a million)');
        t.equal((await verify(service, email, first)).body.code, 'CodeNoLongerValid', 'an older code no longer works');
        const signedIn = await verify(service, email, ` ${second} `);
        t.equal(signedIn.body.code, 'ok', 'the latest code signs in (spaces trimmed)');
        t.ok(signedIn.body.data.token);
        t.equal((await verify(service, email, second)).body.code, 'CodeNoLongerValid', 'a used code cannot be replayed');

        await sendCode(service, email, 1);
        const third = await mailedCode(service.dataDir, email, 3);
        clock.advance(10 * 60 * 1000);
        t.same((await verify(service, email, third)).body, { isSuccess: false, code: 'TokenIssue' }, 'expired after 10 minutes');
        const guess = third === '000000' ? '000001' : '000000';
        t.same(
          (await verify(service, email, guess)).body,
          (await verify(service, 'nobody@example.com', guess)).body,
          'a guess at an expired code is answered as one for an unknown account: it tells nobody the account had a code',
        );
      },
    );
  }

  t.test('wrong codes: five tries spend the code; unknown accounts get the same replies', async (t) => {
    const service = await startSignInService(t);
    const email = 'grace@example.com';
    await service.activeMember(email);
    await sendCode(service, email, 1);
    const code = await mailedCode(service.dataDir, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1)
      t.same((await verify(service, email, wrong)).body, { isSuccess: false, code: 'unauthorized' }, `wrong try ${i + 1}`);
    t.equal((await verify(service, email, code)).body.code, 'CodeNoLongerValid', 'the right code after five wrong tries');

    await sendCode(service, email, 1);
    const fresh = await mailedCode(service.dataDir, email, 2);
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(fresh) + 1 + i) % 1_000_000).padStart(6, '0'));
    const replies = await Promise.all(guesses.map((guess) => verify(service, email, guess)));
    t.ok(
      replies.every((r) => r.body.code === 'unauthorized' || r.body.code === 'CodeNoLongerValid'),
      'no parallel guess signs in',
    );
    t.equal(
      (await verify(service, email, fresh)).body.code,
      'CodeNoLongerValid',
      'parallel wrong guesses spend the code as sequential ones do',
    );

    const known = await sendCode(service, email, 1);
    const unknown = await sendCode(service, 'nobody@example.com', 1);
    t.same(unknown.body, known.body, 'sending to an unknown account answers the same');
    t.same((await verify(service, 'nobody@example.com', '123456')).body, { isSuccess: false, code: 'unauthorized' });
    t.same(
      (await sendCode(service, 'nobody@example.com', 2)).body,
      { isSuccess: true, code: 'ok', data: { showSendCode: true } },
      'by phone: like an account without a mobile',
    );
  });

  t.test('a code by phone goes to the outbox, shows the last three digits and signs in', async (t) => {
    const service = await startSignInService(t);
    const email = 'phone@example.com';
    await service.activeMember(email, GERMAN_MOBILE);
    // Proven by a code sent to it (test/member-service/phone-proof.test.ts): only such a number gets sign-in codes.
    await service.setMember(email, { proven_mobile: '+4915123456789' });
    const sent = await sendCode(service, email, 2);
    t.match(sent.body, { isSuccess: true, code: 'ok', data: { showSendCode: true, lastThreeDigits: '789' } });
    await eventually(async () => (await textMessages(service.dataDir)).length > 0);
    const [sms] = await textMessages(service.dataDir);
    t.match(sms, /^To: \+4915123456789\n/, 'to the international number');
    const code = /\b(\d{6})\b/.exec(sms!)![1]!;
    t.equal((await verify(service, email, code)).body.code, 'ok');

    await service.setMember(email, { mobile: '' });
    t.same((await sendCode(service, email, 2)).body, { isSuccess: true, code: 'ok', data: { showSendCode: true } }, 'no mobile on file');
    t.match(await mailedCode(service.dataDir, email), /^\d{6}$/, 'the code goes to the mailbox instead');
  });

  t.test('the SMS webhook: delivered codes work, a failed delivery is void and left to the queue', async (t) => {
    const received: Array<{ auth?: string; body: { to: string; text: string } }> = [];
    let answer = 200;
    const gateway = createServer(async (req: IncomingMessage, res) => {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      received.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      res.writeHead(answer).end();
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    t.teardown(() => new Promise((resolve) => gateway.close(resolve)));
    const port = (gateway.address() as { port: number }).port;
    const service = await startSignInService(t, { smsWebhookUrl: `http://127.0.0.1:${port}/sms`, smsWebhookToken: 'gateway-token' });
    const email = 'hook@example.com';
    await service.activeMember(email, GERMAN_MOBILE);
    // Proven by a code sent to it (test/member-service/phone-proof.test.ts): only such a number gets sign-in codes.
    await service.setMember(email, { proven_mobile: '+4915123456789' });

    t.equal((await sendCode(service, email, 2)).body.code, 'ok');
    await eventually(() => received.length > 0);
    t.equal(received[0]!.auth, 'Bearer gateway-token');
    t.equal(received[0]!.body.to, '+4915123456789');
    const code = /\b(\d{6})\b/.exec(received[0]!.body.text)![1]!;

    answer = 502;
    t.equal((await sendCode(service, email, 2)).body.code, 'ok', 'the reply does not wait for the gateway');
    await eventually(() => received.length > 1);
    const failedCode = /\b(\d{6})\b/.exec(received[1]!.body.text)![1]!;
    if (failedCode !== code)
      t.equal((await verify(service, email, failedCode)).body.code, 'CodeNoLongerValid', 'an undelivered code does not work');
    t.equal((await verify(service, email, code)).body.code, 'CodeNoLongerValid', 'and the earlier one was replaced');
    t.same(await textMessages(service.dataDir), [], 'nothing went to the outbox');
  });
});

t.test('login', async (t) => {
  async function activeMember(service: TestService, email = 'ada@example.com') {
    await register(service, { email });
    const link = linkParts(findLink(await waitForMail(service.dataDir, email), /activate-member/)!);
    await service.call('POST', '/api/Member/Activate', { body: { userId: link.publicId, token: link.token, registrantEmail: email } });
  }

  const login = (service: TestService, userId: string, password: string) =>
    service.app.inject({
      method: 'POST',
      url: '/api/Member/Login',
      headers: { 'x-service-key': service.config.serviceKey },
      payload: { userId, password },
    });

  t.test('unknown account and wrong password get exactly the same reply', async (t) => {
    const service = await startMemberService(t);
    await activeMember(service);
    const wrong = await login(service, 'ada@example.com', service.encode('Wrong123!'));
    const unknown = await login(service, 'nobody@example.com', service.encode('Wrong123!'));
    const garbled = await login(service, 'ada@example.com', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const expected = { isSuccess: false, code: 'AccountOrPwdFail' };
    for (const [name, reply] of [
      ['wrong password', wrong],
      ['unknown account', unknown],
      ['undecodable password', garbled],
    ] as const) {
      t.equal(reply.statusCode, 200, name);
      t.same(reply.json(), expected, name);
      t.equal(reply.body, wrong.body, `${name}: byte for byte`);
      t.equal(reply.headers['content-length'], wrong.headers['content-length'], `${name}: same length`);
    }
    t.equal((await login(service, 'ada@example.com', service.encode(PASSWORD))).json().code, 'ok', 'the right password still works');
  });

  t.test('member tokens expire', async (t) => {
    const clock = new ManualClock(Date.UTC(2025, 0, 1));
    const service = await startMemberService(t, { tokenTtlSeconds: 3600 }, { clock });
    await activeMember(service);
    const reply = (await login(service, 'ada@example.com', service.encode(PASSWORD))).json();
    t.equal(reply.data.tokenExpiresAt, '2025-01-01T01:00:00.000Z');
    clock.advance(3600 * 1000 - 1);
    t.equal((await service.call('GET', '/api/Member/IsLogin', { token: reply.data.token })).status, 200);
    clock.advance(1);
    t.same((await service.call('GET', '/api/Member/IsLogin', { token: reply.data.token })).body, {
      isSuccess: false,
      code: 'Unauthorized',
    });
  });

  t.test('bearer tokens: missing, malformed or unknown are 401', async (t) => {
    const service = await startMemberService(t);
    for (const authorization of [
      undefined,
      'Bearer',
      'Basic abc',
      `Bearer ${'x'.repeat(43)}`,
      'Bearer short',
      `Bearer ${'a'.repeat(500)}`,
    ]) {
      const reply = await service.app.inject({
        method: 'GET',
        url: '/api/Member',
        headers: { 'x-service-key': service.config.serviceKey, ...(authorization ? { authorization } : {}) },
      });
      t.same([reply.statusCode, reply.json()], [401, { isSuccess: false, code: 'Unauthorized' }], String(authorization));
    }
  });

  t.test('the service key is required everywhere but the health checks', async (t) => {
    const service = await startMemberService(t);
    const paths: Array<['GET' | 'POST' | 'PUT', string]> = [
      ['POST', '/api/Member/Login'],
      ['POST', '/api/Member/Register'],
      ['POST', '/api/Member/IsExist'],
      ['POST', '/api/Member/Activate'],
      ['POST', '/api/Member/Reactivate'],
      ['GET', '/api/Member'],
      ['PUT', '/api/member'],
      ['GET', '/api/Member/Logout'],
      ['GET', '/api/info/V2/Countries/false'],
      ['GET', '/api/info/option/0/0'],
      ['GET', '/no/such/path'],
    ];
    for (const [method, url] of paths) {
      for (const serviceKey of [null, 'wrong-key-of-some-length', `${service.config.serviceKey}x`]) {
        const reply = await service.call(method, url, { serviceKey, body: method === 'GET' ? undefined : {} });
        t.same(
          [reply.status, reply.body],
          [403, { isSuccess: false, code: 'Forbidden' }],
          `${method} ${url} with ${serviceKey ?? 'no key'}`,
        );
      }
    }
    for (const url of ['/healthz', '/readyz']) {
      t.match((await service.call('GET', url, { serviceKey: null })).body, { isSuccess: true, code: 'ok' }, url);
    }
    t.same((await service.call('GET', '/no/such/path')).body, { isSuccess: false, code: 'NotFound' }, 'with the key: not found');
  });

  t.test('inactive and deactivated members cannot sign in', async (t) => {
    const service = await startMemberService(t);
    await activeMember(service, 'gone@example.com');
    const { openMemberStore } = await import('../../server/member-service/store/store.ts');
    const direct = await openMemberStore({ dataDir: service.dataDir });
    t.teardown(() => direct.close());
    const member = await direct.members.findByEmail('gone@example.com');
    for (const status of [4, 5]) {
      await direct.members.update(member!.id, { status });
      t.same(
        (await login(service, 'gone@example.com', service.encode(PASSWORD))).json(),
        { isSuccess: false, code: 'unauthorized' },
        `status ${status}`,
      );
    }
  });
});

t.test('sign-in tickets', async (t) => {
  const check = (service: SignInService, body: Record<string, unknown>) => service.call('POST', '/api/Member/CheckGoToProfile', { body });
  const referer = (service: SignInService, body: Record<string, unknown>) => service.call('POST', '/api/Member/RefererLogin', { body });

  async function signedInWithTicket(service: SignInService, email: string) {
    const member = await service.activeMember(email);
    await service.setMember(email, { preferring: 0 });
    const login = await service.login(email, undefined, 'https://shop.example/back');
    return { member, login: login.body.data as { id: string; tempId: string; token: string } };
  }

  for (const engine of databaseEngines(t)) {
    t.test(`a sign-in ticket is redeemed once, by the member it belongs to (${engine.name})`, { skip: engine.skip }, async (t) => {
      const service = await startSignInService(t, { databaseUrl: await engine.databaseUrl() });
      const { member, login } = await signedInWithTicket(service, 'ada@example.com');
      t.equal(login.id, member.publicId, 'id is the public id');

      t.same(
        (await check(service, { memberId: 'someone-else', tempId: login.tempId })).body,
        { isSuccess: false, code: 'TempIdInValid' },
        'another member id',
      );
      t.same(
        (await check(service, { memberId: login.id, userId: 'other@example.com', tempId: login.tempId })).body.code,
        'TempIdInValid',
        'another user id',
      );
      const redeemed = await check(service, { memberId: login.id, userId: 'ada@example.com', tempId: login.tempId });
      t.equal(redeemed.body.code, 'ok', 'the failed tries did not use it up');
      t.match(redeemed.body.data, {
        memberId: member.publicId,
        userId: 'ada@example.com',
        firstName: 'Ada',
        tempId: /^[A-Za-z0-9_-]{43}$/,
      });
      t.same(
        (await check(service, { memberId: login.id, tempId: login.tempId })).body,
        { isSuccess: false, code: 'TempIdInValid' },
        'a second use fails',
      );

      const parallel = await service.login('ada@example.com', undefined, 'https://shop.example/back');
      const attempts = await Promise.all(
        Array.from({ length: 8 }, () => check(service, { memberId: login.id, tempId: parallel.body.data.tempId })),
      );
      t.equal(attempts.filter((a) => a.body.code === 'ok').length, 1, 'of parallel uses exactly one succeeds');

      const back = redeemed.body.data.tempId as string;
      t.same(
        (await check(service, { memberId: login.id, tempId: back })).body.code,
        'TempIdInValid',
        'a referer ticket is no sign-in ticket',
      );
      const again = await referer(service, { id: login.id, tempId: back });
      t.equal(again.body.code, 'ok', 'the referer ticket signs the member in');
      t.ok(again.body.data.token);
      t.equal((await referer(service, { id: login.id, tempId: back })).body.code, 'TempIdInValid', 'once');
    });
  }

  t.test('tickets are short-lived and die with the sign-in session', async (t) => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const service = await startSignInService(t, {}, clock);
    const { login } = await signedInWithTicket(service, 'grace@example.com');
    clock.advance(5 * 60 * 1000);
    t.equal((await check(service, { memberId: login.id, tempId: login.tempId })).body.code, 'TempIdInValid', 'expired after five minutes');

    const fresh = (await service.login('grace@example.com', undefined, 'https://shop.example/back')).body.data;
    await service.call('GET', '/api/Member/Logout', { token: fresh.token });
    t.equal((await check(service, { memberId: fresh.id, tempId: fresh.tempId })).body.code, 'TempIdInValid', 'after signing out');
    t.equal((await check(service, { memberId: fresh.id, tempId: 'x'.repeat(300) })).status, 400, 'an oversized ticket is refused as input');
  });
});

t.test('sign-in results', async (t) => {
  const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

  t.test('every sign-in result code comes from the member data', async (t) => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const service = await startSignInService(t, { companyDomains: ['corp.example'] }, clock);
    const email = 'ada@example.com';
    await service.activeMember(email);

    const plain = await service.login(email);
    t.equal(plain.body.code, 'ok', 'an active member without a return URL');
    t.equal(plain.body.isSuccess, true);
    t.notOk(plain.body.data.tempId, 'no ticket without a site to go to');

    const back = await service.login(email, undefined, 'https://shop.example/cart');
    t.equal(back.body.code, 'preferring', 'a member who has not chosen preferences, going back to a site');
    t.ok(back.body.data.token, 'preferring signs in');
    t.match(back.body.data, { redirectUrl: 'https://shop.example/cart', id: /^[A-Za-z0-9_-]{10,}$/, tempId: /^[A-Za-z0-9_-]{43}$/ });

    await service.setMember(email, { preferring: 0 });
    const withTicket = await service.login(email, undefined, 'https://shop.example/cart');
    t.equal(withTicket.body.code, 'ok');
    t.notSame(withTicket.body.data.tempId, back.body.data.tempId, 'every sign-in gets its own ticket');

    await service.setMember(email, { status: 2, password_changed_at: null });
    const initial = await service.login(email);
    t.equal(initial.body.code, 'defaultpwd', 'status 2 with the initial password');
    t.ok(initial.body.data.token, 'signed in so that the password can be changed');
    t.equal(initial.body.data.status, 2);

    await service.setMember(email, { status: 2, password_changed_at: clock.now() });
    t.equal((await service.login(email)).body.code, 'mustchange', 'status 2 after an earlier change');
    await service.setMember(email, { status: 3 });
    t.equal((await service.login(email)).body.code, 'expired', 'status 3');

    await service.setMember(email, { status: 1, password_changed_at: clock.now() - YEAR_MS - 1000 });
    const old = await service.login(email);
    t.same(
      old.body,
      { isSuccess: false, code: 'OneYearNotUpdatePwd', data: { userId: email } },
      'a password older than a year: no session',
    );

    await service.setMember(email, { status: 4, password_changed_at: clock.now() });
    t.same((await service.login(email)).body, { isSuccess: false, code: 'unauthorized' }, 'inactive');
    await service.setMember(email, { status: 0 });
    t.same((await service.login(email)).body, { isSuccess: false, code: 'mustactivate' }, 'e-mail not verified');
    t.same(
      (await service.login(email, 'Wrong1234')).body,
      { isSuccess: false, code: 'AccountOrPwdFail' },
      'a wrong password tells nothing about the state',
    );
  });

  t.test('company addresses get ContactHR whether or not the account exists, employees sign in', async (t) => {
    const service = await startSignInService(t, { companyDomains: ['corp.example'] });
    const unknown = await service.login('nobody@corp.example');
    t.same(unknown.body, { isSuccess: false, code: 'ContactHR' });
    await service.activeMember('staff@example.com');
    await service.setMember('staff@example.com', { email: 'staff@corp.example' });
    t.same((await service.login('staff@corp.example')).body, unknown.body, 'a member who is not an employee');
    await service.setMember('staff@corp.example', { is_emp: 1 });
    t.same((await service.login('staff@corp.example', 'Wrong1234')).body, unknown.body, 'an employee with a wrong password');
    t.equal((await service.login('staff@corp.example')).body.code, 'ok', 'an employee with the right password');
  });
});

t.test('sign-in configuration', async (t) => {
  const base = {
    DATA_DIR: '/tmp/member-service-sign-in-config',
    SERVICE_KEY: 'k'.repeat(32),
    PASSWORD_ENCODING_KEY: 'a'.repeat(64),
    CRM_HASH_KEY: 'c'.repeat(32),
  };

  t.test('the SMS webhook is configuration', async (t) => {
    const unset = loadMemberServiceConfig(base);
    t.same([unset.smsWebhookUrl, unset.smsWebhookToken], [undefined, undefined], 'text messages go to the outbox by default');
    const set = loadMemberServiceConfig({ ...base, SMS_WEBHOOK_URL: 'https://sms.example/send', SMS_WEBHOOK_TOKEN: 'gateway-token' });
    t.same([set.smsWebhookUrl, set.smsWebhookToken], ['https://sms.example/send', 'gateway-token']);
    t.throws(() => loadMemberServiceConfig({ ...base, SMS_WEBHOOK_URL: 'ftp://sms.example' }), /SMS_WEBHOOK_URL/);
  });
});
