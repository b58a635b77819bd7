import t from 'tap';
import { loadBffConfig } from '../../../server/bff/config.ts';
import { ManualClock } from '../../../server/common/clock.ts';
import { openMemberStore } from '../../../server/member-service/store/store.ts';
import { startFakeUpstream } from '../../bff/fake-upstream.ts';
import { buildBff, createActiveMember, createClient, type Stack, startStack, TEST_PASSWORD, validRegistration } from '../../helper.ts';
import { readOutbox } from '../../helpers/outbox.ts';
import { visitorAt } from '../../helpers/source-address.ts';
import { readTextMessages } from '../../helpers/text-messages.ts';

/**
 * Rate limits: per source address (answered with 429 and Retry-After, never dodged by a spoofed
 * X-Forwarded-For, tight for spraying but not for an office behind one address) and per phone
 * number or mailbox.
 */

t.test('texts and verification mails are capped per destination', async (t) => {
  /**
   * SMS and mail pumping (ASVS V6): a registration nobody activated gets no codes at all, and each
   * phone number and each address has an hourly budget of messages however many accounts name it
   * and however many addresses ask, on top of the per-IP limits.
   */
  const NUMBER = '+4915123456789';
  const UNLIMITED_PER_IP = {
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    OTP_RATE_LIMIT_PER_MINUTE: '1000',
    REGISTER_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '5000',
  };
  const HOUR = 60 * 60 * 1000;

  t.test('a registration nobody activated gets no code, by text or mail, and the reply is that of an unknown account', async (t) => {
    const stack = await startStack(t, { env: UNLIMITED_PER_IP });
    const visitor = createClient(stack.bffUrl);
    t.equal((await visitor.post('/api/Member/Register', validRegistration('pending@example.com'))).body.code, 'ok');
    const store = await openMemberStore({ dataDir: stack.dataDir });
    t.teardown(() => store.close());
    // Even a number marked proven gets nothing while the address is not.
    const pending = (await store.members.findByEmail('pending@example.com'))!;
    await store.members.update(pending.id, { proven_mobile: NUMBER });

    // Phone first: a refused phone request leaves the portal's send window for the account open.
    for (const otpVerifyType of [2, 1]) {
      const forPending = await createClient(stack.bffUrl).post('/api/Member/SendOtpCode', { userId: 'pending@example.com', otpVerifyType });
      const forNobody = await createClient(stack.bffUrl).post('/api/Member/SendOtpCode', { userId: 'nobody@example.com', otpVerifyType });
      t.same(forPending.body, forNobody.body, `the same reply as for an unknown account (delivery ${otpVerifyType})`);
    }
    await stack.apps.memberService.background.drain();
    t.same(await readTextMessages(stack.dataDir), [], 'no text message');
    t.same(
      (await readOutbox(stack.dataDir)).map((mail) => mail.subject),
      ['Verify your e-mail address'],
      'no code mail, only the verification mail of the registration',
    );
  });

  t.test('one number on many accounts gets SMS_PER_NUMBER_PER_HOUR texts an hour, not that many per account', async (t) => {
    const clock = new ManualClock(Date.UTC(2026, 2, 1, 9, 30));
    const stack = await startStack(t, { clock, env: UNLIMITED_PER_IP });
    const store = await openMemberStore({ dataDir: stack.dataDir });
    t.teardown(() => store.close());
    const accounts: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const { email } = await createActiveMember(stack);
      const row = (await store.members.findByEmail(email))!;
      await store.members.update(row.id, { proven_mobile: NUMBER });
      accounts.push(email);
    }

    const ask = (email: string) => createClient(stack.bffUrl).post('/api/Member/SendOtpCode', { userId: email, otpVerifyType: 2 });
    const replies = [];
    for (const email of accounts) replies.push((await ask(email)).body.code);
    t.same(replies, ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'], 'the reply does not tell whether the text went');
    await stack.apps.memberService.background.drain();
    t.equal((await readTextMessages(stack.dataDir)).length, 5, 'five texts went out (the default)');
    const codeMails = (await readOutbox(stack.dataDir)).filter((mail) => /code/i.test(mail.subject)).map((mail) => mail.to);
    t.same(codeMails, accounts.slice(5), 'then the code goes by e-mail');

    clock.advance(HOUR);
    t.equal((await ask(accounts[6]!)).body.code, 'ok', 'the next hour has a budget of its own');
  });

  t.test('SMS_PER_NUMBER_PER_HOUR is configurable', async (t) => {
    const stack = await startStack(t, { env: UNLIMITED_PER_IP, memberService: { smsPerNumberPerHour: 1 } });
    const store = await openMemberStore({ dataDir: stack.dataDir });
    t.teardown(() => store.close());
    const codes = [];
    for (let i = 0; i < 2; i += 1) {
      const { email } = await createActiveMember(stack);
      await store.members.update((await store.members.findByEmail(email))!.id, { proven_mobile: NUMBER });
      codes.push((await createClient(stack.bffUrl).post('/api/Member/SendOtpCode', { userId: email, otpVerifyType: 2 })).body.code);
    }
    t.same(codes, ['ok', 'ok']);
    await stack.apps.memberService.background.drain();
    t.equal((await readTextMessages(stack.dataDir)).length, 1, 'one text an hour to the number');
  });

  t.test(
    'verification mails: VERIFICATION_MAIL_PER_ADDRESS_PER_HOUR per address, whether asked for by address or by link id',
    async (t) => {
      const clock = new ManualClock(Date.UTC(2026, 2, 1, 9, 0));
      const stack = await startStack(t, { clock, env: UNLIMITED_PER_IP });
      const visitor = createClient(stack.bffUrl);
      t.equal((await visitor.post('/api/Member/Register', validRegistration('pending@example.com'))).body.code, 'ok');
      const store = await openMemberStore({ dataDir: stack.dataDir });
      t.teardown(() => store.close());
      const publicId = (await store.members.findByEmail('pending@example.com'))!.public_id;

      for (let i = 0; i < 8; i += 1) {
        // Past the portal's resend countdown each time, and alternating the two names of the account.
        clock.advance(181_000);
        const reply = await createClient(stack.bffUrl).post('/api/Member/Reactivate', {
          userId: i % 2 === 0 ? 'pending@example.com' : publicId,
        });
        t.equal(reply.body.code, 'ok', `resend ${i + 1} answers ok`);
        // Each mail out before the next is asked for: a newer request replaces a verification mail still queued.
        await stack.apps.memberService.background.drain();
      }
      await stack.apps.memberService.background.drain();
      const mails = (await readOutbox(stack.dataDir)).filter((mail) => mail.to === 'pending@example.com');
      t.equal(mails.length, 1 + 5, 'the registration mail and five resends (the default) within the hour');

      clock.advance(HOUR);
      await createClient(stack.bffUrl).post('/api/Member/Reactivate', { userId: 'pending@example.com' });
      await stack.apps.memberService.background.drain();
      t.equal(
        (await readOutbox(stack.dataDir)).filter((mail) => mail.to === 'pending@example.com').length,
        7,
        'the next hour has a budget of its own',
      );
    },
  );
});

t.test('sign in limit stops spraying not offices', async (t) => {
  /**
   * The per-IP sign-in limit counts failed checks, not sign-ins: a whole office behind one
   * address signs in at nine o'clock, while one address spraying a password across many
   * accounts is stopped. The defaults are the ones an operator gets (README).
   */

  /** Only registration is opened up, to create the members quickly; every sign-in limit keeps its default. */
  const startDefaults = (t: Parameters<typeof startStack>[0], env: NodeJS.ProcessEnv = {}) =>
    startStack(t, { env: { REGISTER_RATE_LIMIT_PER_MINUTE: '1000', ...env } });

  async function members(stack: Stack, count: number): Promise<string[]> {
    const emails: string[] = [];
    for (let i = 0; i < count; i += 10) {
      const batch = await Promise.all(Array.from({ length: Math.min(10, count - i) }, () => createActiveMember(stack)));
      emails.push(...batch.map((member) => member.email));
    }
    return emails;
  }

  t.test('fifty colleagues sign in from one office address within a minute', async (t) => {
    const stack = await startDefaults(t);
    const office = visitorAt(stack.bffUrl, '127.0.0.2');
    const colleagues = await members(stack, 50);
    const replies = [];
    for (const email of colleagues) replies.push(await office.post('/api/Member/Login', { userId: email, password: TEST_PASSWORD }));
    t.same(
      replies.map((reply) => `${reply.status} ${reply.body.code}`),
      colleagues.map(() => '200 ok'),
      'every one of them is signed in',
    );
  });

  t.test('spraying one password across accounts from one address is stopped; other addresses are not', async (t) => {
    const stack = await startDefaults(t);
    const [victim, colleague] = await members(stack, 2);
    const sprayer = visitorAt(stack.bffUrl, '127.0.0.3');
    const neighbour = visitorAt(stack.bffUrl, '127.0.0.4');
    const spray = (userId: string) => sprayer.post('/api/Member/Login', { userId, password: 'Summer2026!' });

    const targets = [victim!, ...Array.from({ length: 49 }, (_, i) => `target${i}@example.com`)];
    const answers = [];
    for (const userId of targets) answers.push((await spray(userId)).body.code);
    t.same(
      answers,
      targets.map(() => 'AccountOrPwdFail'),
      'fifty wrong guesses, each a different account (no account lock involved)',
    );

    const stopped = await spray('target-next@example.com');
    t.same([stopped.status, stopped.body], [429, { isSuccess: false, code: 'TooManyRequests' }], 'the next guess is refused');
    const retryAfter = Number(stopped.headers.get('retry-after'));
    t.ok(retryAfter > 0 && retryAfter <= 900, `Retry-After within the 15-minute window (${retryAfter})`);
    t.equal(
      (await sprayer.post('/api/Member/Login', { userId: colleague, password: TEST_PASSWORD })).status,
      429,
      'the address waits, even with a right password',
    );
    t.equal(
      (await sprayer.post('/api/Member/otpVerify', { userId: colleague, code: '000000' })).status,
      429,
      'code sign-in from it waits too',
    );

    const elsewhere = await neighbour.post('/api/Member/Login', { userId: colleague, password: TEST_PASSWORD });
    t.same([elsewhere.status, elsewhere.body.code], [200, 'ok'], 'another address is unaffected');
    t.equal(
      (await neighbour.post('/api/Member/Login', { userId: victim, password: TEST_PASSWORD })).body.code,
      'ok',
      'the sprayed account is not locked',
    );
  });

  t.test('wrong codes and wrong passwords share the address budget', async (t) => {
    const stack = await startDefaults(t, { LOGIN_FAILURES_PER_IP: '3' });
    const [ada] = await members(stack, 1);
    const guesser = visitorAt(stack.bffUrl, '127.0.0.5');
    t.equal((await guesser.post('/api/Member/otpVerify', { userId: ada, code: '000000' })).body.code, 'unauthorized');
    t.equal((await guesser.post('/api/Member/otpVerify', { userId: 'nobody@example.com', code: '000000' })).body.code, 'unauthorized');
    t.equal(
      (await guesser.post('/api/Member/Login', { userId: 'nobody@example.com', password: 'Summer2026!' })).body.code,
      'AccountOrPwdFail',
    );
    t.equal((await guesser.post('/api/Member/Login', { userId: ada, password: TEST_PASSWORD })).status, 429);
  });
});

t.test('spoofed forwarded for never dodges per ip limits', async (t) => {
  /*
   * With TRUST_PROXY=true the portal took the left-most X-Forwarded-For entry, which the visitor
   * writes himself: rotating it sprayed wrong passwords past the per-IP failure limit. `true` is
   * refused at start; a hop count or the proxies' addresses take the entry the proxy appended.
   */

  t.test('TRUST_PROXY=true stops the start with a message saying what to set', async (t) => {
    t.throws(() => loadBffConfig({ TRUST_PROXY: 'true', DATA_DIR: '/tmp/unused' }), {
      message: /^Invalid TRUST_PROXY: .*number of proxies.*addresses or CIDR ranges/,
    });
    t.equal(loadBffConfig({ TRUST_PROXY: '1', DATA_DIR: '/tmp/unused' }).trustProxy, 1);
    t.equal(loadBffConfig({ TRUST_PROXY: '10.0.0.0/8, ::1 ,127.0.0.1', DATA_DIR: '/tmp/unused' }).trustProxy, '10.0.0.0/8,::1,127.0.0.1');
  });

  const FAILURES_PER_IP = 10;
  const VISITOR = '203.0.113.7';
  const NEIGHBOUR = '198.51.100.4';

  /** A request as one load balancer in front of the portal passes it on: the visitor's own header, then his address appended. */
  const throughLoadBalancer = (visitorAddress: string, visitorsOwnHeader?: string) => ({
    headers: { 'x-forwarded-for': visitorsOwnHeader ? `${visitorsOwnHeader}, ${visitorAddress}` : visitorAddress },
  });

  let spoofCounter = 0;
  const spoofed = () => `10.${(spoofCounter >> 8) & 255}.${spoofCounter++ & 255}.1`;

  for (const trustProxy of ['1', '127.0.0.1/8']) {
    t.test(`TRUST_PROXY=${trustProxy}: a rotating spoofed X-Forwarded-For still meets the per-IP failure limit`, async (t) => {
      const stack = await startStack(t, { env: { TRUST_PROXY: trustProxy, LOGIN_FAILURES_PER_IP: String(FAILURES_PER_IP) } });
      const browser = createClient(stack.bffUrl);
      const guess = (userId: string, via: ReturnType<typeof throughLoadBalancer>) =>
        browser.post('/api/Member/Login', { userId, password: 'Summer2026!' }, via);

      const codes = [];
      for (let i = 0; i < FAILURES_PER_IP; i += 1)
        codes.push((await guess(`target${i}@example.com`, throughLoadBalancer(VISITOR, spoofed()))).body.code);
      t.same(
        codes,
        codes.map(() => 'AccountOrPwdFail'),
      );
      for (let i = 0; i < 5; i += 1) {
        const stopped = await guess(`more${i}@example.com`, throughLoadBalancer(VISITOR, `${spoofed()}, ${spoofed()}`));
        t.equal(stopped.status, 429, 'another spoofed address changes nothing');
      }
      const neighbour = await guess('neighbour@example.com', throughLoadBalancer(NEIGHBOUR));
      t.equal(neighbour.status, 200, 'another visitor behind the same load balancer is not held up');
    });
  }
});

t.test('per ip limits answer 429 with retry after', async (t) => {
  const XHR = { 'x-requested-with': 'XMLHttpRequest' };

  t.test('sign-in counts failed checks per IP, not sign-ins: 429 with Retry-After and TooManyRequests', async (t) => {
    const upstream = await startFakeUpstream(t, {
      'POST /api/Member/Login': ({ body }) =>
        body.userId === 'right@example.com'
          ? {
              body: {
                isSuccess: true,
                code: 'ok',
                data: { token: 'member-token', tokenExpiresAt: '', userId: body.userId, memberId: 1, status: 1 },
              },
            }
          : { body: { isSuccess: false, code: 'AccountOrPwdFail' } },
    });
    const { app } = await buildBff(t, { UPSTREAM_URL: upstream.url, LOGIN_FAILURES_PER_IP: '2', RATE_LIMIT_PER_MINUTE: '100' });
    const attempt = (userId: string, remoteAddress = '203.0.113.7') =>
      app.inject({ method: 'POST', url: '/api/Member/Login', payload: { userId, password: 'Secret123' }, headers: XHR, remoteAddress });
    for (let i = 0; i < 5; i += 1) t.equal((await attempt('right@example.com')).json().code, 'ok', `sign-in ${i + 1} is not counted`);
    t.equal((await attempt('a@example.com')).json().code, 'AccountOrPwdFail');
    t.equal((await attempt('b@example.com')).json().code, 'AccountOrPwdFail');
    const limited = await attempt('c@example.com');
    t.equal(limited.statusCode, 429);
    t.same(limited.json(), { isSuccess: false, code: 'TooManyRequests' });
    t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After in seconds');
    t.equal((await attempt('right@example.com')).statusCode, 429, 'the address waits, whatever it tries');
    t.equal((await attempt('right@example.com', '203.0.113.8')).json().code, 'ok', 'another IP is not affected');
    t.equal(
      (await app.inject({ url: '/api/Member/IsLogin', remoteAddress: '203.0.113.7' })).statusCode,
      200,
      'other calls are not affected',
    );
  });

  t.test('registration calls share a stricter limit; everything else the general one', async (t) => {
    const { app } = await buildBff(t, { REGISTER_RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_PER_MINUTE: '3' });
    const isExist = () => app.inject({ method: 'POST', url: '/api/Member/IsExist', payload: { email: 'a@example.com' }, headers: XHR });
    t.equal((await isExist()).statusCode, 502);
    t.equal((await isExist()).statusCode, 429);
    const reads = [];
    for (let i = 0; i < 4; i += 1) reads.push((await app.inject({ url: '/api/Member/IsLogin' })).statusCode);
    t.same(reads, [200, 200, 200, 429]);
    t.equal((await app.inject({ url: '/healthz' })).statusCode, 200, 'health checks are not limited');
  });
});
