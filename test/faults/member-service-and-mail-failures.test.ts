import t from 'tap';
import { createActiveMember, createClient, signIn, startStack, type ClientResponse, validRegistration } from '../helper.ts';
import { startFaultyProxy, type ProxyMode } from './faulty-proxy.ts';
import { answered as answerWithin } from './within.ts';
import { findLink, type ParsedMail } from '../helpers/outbox.ts';
import { smtpServerDown, startSmtpServer } from '../helpers/smtp.ts';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { register, startMemberService } from '../member-service/service.ts';
import { postgresAvailable, postgresForFile } from '../helpers/postgres.ts';

t.test('a failing member service', async (t) => {
  const SERVER_ERROR = { isSuccess: false, code: 'servererror' };
  /** The portal's deadline for a member-service call: enough for a registration on a busy two-core machine. */
  const UPSTREAM_TIMEOUT_MS = 1500;
  /** Far more than the portal's own deadline: a call not answered by then hangs. */
  const HANG_MS = UPSTREAM_TIMEOUT_MS + 4000;
  const answered = (request: Promise<ClientResponse>) => answerWithin(request, HANG_MS);

  /**
   * The portal in front of a real member service reached through a proxy that fails on command:
   * refused connections, answers slower than UPSTREAM_TIMEOUT_MS, bytes that are not HTTP, a body
   * that is not JSON, a connection closed in the middle of the body. Every call gets the mapped
   * code in time, and the portal works again as soon as the member service does, without a restart.
   */
  t.test('a failing member service: the mapped code, no hanging request, recovery by itself', async (t) => {
    const proxy = await startFaultyProxy({ slowMs: UPSTREAM_TIMEOUT_MS * 4 });
    t.teardown(() => proxy.close());
    const stack = await startStack(t, { env: { UPSTREAM_URL: proxy.url, UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS) } });
    proxy.target = { host: '127.0.0.1', port: Number(new URL(stack.memberServiceUrl).port) };
    const member = await createActiveMember(stack);
    const browser = await signIn(stack, member);

    const calls: Record<string, () => Promise<ClientResponse>> = {
      'sign-in': () => createClient(stack.bffUrl).post('/api/Member/Login', { userId: member.email, password: member.password }),
      'address check': () => createClient(stack.bffUrl).post('/api/Member/IsExist', { email: 'someone@example.com' }),
      'profile of a signed-in member': () => browser.get('/api/Member'),
    };

    const modes: ProxyMode[] = ['down', 'slow', 'garbage', 'not-json', 'cut'];
    for (const mode of modes) {
      await proxy.setMode(mode);
      for (const [name, call] of Object.entries(calls)) {
        const reply = await answered(call());
        t.same([reply.status, reply.body], [502, SERVER_ERROR], `${mode}: ${name} gets servererror`);
        t.notMatch(reply.text, /ECONNREFUSED|HPE_|UND_ERR|at .*\.ts/, `${mode}: ${name} shows no internals`);
      }
      if (mode === 'down' || mode === 'slow') t.equal((await answered(browser.get('/readyz'))).status, 503, `${mode}: not ready`);
      if (mode === 'down') t.equal((await answered(browser.get('/healthz'))).status, 200, 'the portal itself is alive');

      await proxy.setMode('pass');
      const signedIn = await answered(calls['sign-in']!());
      t.equal(signedIn.body?.code, 'ok', `after ${mode}: the first sign-in works again (the failures did not lock the account)`);
      t.same(
        (await answered(calls['address check']!())).body,
        { isSuccess: true, code: 'ok', data: { isExist: false } },
        `after ${mode}: the first call works again`,
      );
      t.equal((await answered(calls['profile of a signed-in member']!())).status, 200, `after ${mode}: the session survived the outage`);
      t.equal((await answered(browser.get('/readyz'))).status, 200, `after ${mode}: ready again`);
    }
  });
});

t.test('SMTP down: no mail is lost', async (t) => {
  /** The account and token an activation mail's link carries, as the portal's page posts them. */
  function activation(mail: ParsedMail): { userId: string; token: string } | undefined {
    const match = /\/auth\/activate-member\/([^/]+)\/([^/]+)\//.exec(findLink(mail, '/auth/activate-member/') ?? '');
    return match ? { token: decodeURIComponent(match[1]!), userId: decodeURIComponent(match[2]!) } : undefined;
  }

  t.test('SMTP down: registration answers ok, and the activation mail arrives once the mail server is back', async (t) => {
    const smtp = await smtpServerDown();
    // Retries a few times a second, so that the test need not wait for the production schedule.
    const stack = await startStack(t, { memberService: { smtpUrl: smtp.url, deliveryRetrySeconds: 0.2, deliveryPollSeconds: 0.2 } });
    const visitor = createClient(stack.bffUrl);
    const emails = ['ada@example.com', 'grace@example.com', 'edsger@example.com'];
    for (const email of emails) {
      t.equal(
        (await visitor.post('/api/Member/Register', validRegistration(email))).body.code,
        'ok',
        `${email}: registered while SMTP is down`,
      );
    }
    // Long enough for the first attempts and a few retries to fail.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const server = await smtp.start();
    t.teardown(() => server.stop());
    for (const email of emails) {
      const link = activation(await server.waitForMessage(email));
      t.ok(link, `${email}: the activation mail arrived`);
      t.equal((await visitor.post('/api/Member/Activate', link)).body.code, 'ok', `${email}: its link activates the account`);
    }
    await new Promise((resolve) => setTimeout(resolve, 600));
    t.same(
      emails.map((email) => server.messages.filter((mail) => mail.envelopeTo.includes(email)).length),
      [1, 1, 1],
      'one mail each, however many attempts failed',
    );
  });

  t.test('SMTP up: a code mail goes at once after the commit, without waiting for a poll', async (t) => {
    const server = await startSmtpServer();
    t.teardown(() => server.stop());
    // No periodic delivery at all: only the send started right after the commit can deliver.
    const stack = await startStack(t, { memberService: { smtpUrl: server.url, deliveryPollSeconds: 0 } });
    const visitor = createClient(stack.bffUrl);
    t.equal((await visitor.post('/api/Member/Register', validRegistration('ada@example.com'))).body.code, 'ok');
    t.equal((await visitor.post('/api/Member/Activate', activation(await server.waitForMessage('ada@example.com')))).body.code, 'ok');
    t.equal((await visitor.post('/api/Member/SendOtpCode', { userId: 'ada@example.com', otpVerifyType: 1 })).body.code, 'ok');
    const code = /\b(\d{6})\b/.exec((await server.waitForMessage('ada@example.com', { count: 2 })).text)?.[1];
    t.ok(code, 'the code mail arrived');
    const signedIn = await visitor.post('/api/Member/otpVerify', { userId: 'ada@example.com', code, otpVerifyType: 1 });
    t.equal(signedIn.body.code, 'ok', 'and its code signs in');
  });
});

t.test('two member services send each mail once', async (t) => {
  /**
   * Two member-service instances on one PostgreSQL database and one mail server, both sending
   * queued mail as fast as they can: right after each commit and on a poll every 100 ms, with
   * retries after 100 ms. Whichever instance gets to a message, it goes out once.
   */
  t.test('two member-service instances send each queued mail once', { skip: !postgresAvailable() }, async (t) => {
    const databaseUrl = await postgresForFile(t).createDatabase();
    const first = await startSmtpServer();
    const port = Number(new URL(first.url).port);
    await first.stop();

    const fast = { databaseUrl, smtpUrl: first.url, deliveryRetrySeconds: 0.1, deliveryPollSeconds: 0.1 };
    const a = await startMemberService(t, fast);
    // The second instance shares the first one's keys, as instances behind one portal do.
    const b = await startMemberService(t, {
      ...fast,
      serviceKey: a.config.serviceKey,
      passwordEncodingKey: a.config.passwordEncodingKey,
      crmHashKey: a.config.crmHashKey,
    });
    const instances = [a, b];

    const whileDown = Array.from({ length: 8 }, (_, i) => `down-${i}@example.com`);
    const replies = await Promise.all(whileDown.map((email, i) => register(instances[i % 2]!, { email, userId: email })));
    t.same(
      replies.map((reply) => reply.body.code),
      whileDown.map(() => 'ok'),
      'registrations answer ok on both instances while SMTP is down',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));

    const server = await startSmtpServer({ port });
    t.teardown(() => server.stop());
    const whileUp = Array.from({ length: 8 }, (_, i) => `up-${i}@example.com`);
    await Promise.all(whileUp.map((email, i) => register(instances[i % 2]!, { email, userId: email })));
    for (const email of [...whileDown, ...whileUp]) await server.waitForMessage(email);
    // Several more polls and retries on both instances: nothing may go a second time.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await Promise.all(instances.map((instance) => instance.app.background.drain()));

    const counts = [...whileDown, ...whileUp].map((email) => server.messages.filter((mail) => mail.envelopeTo.includes(email)).length);
    t.same(
      counts,
      counts.map(() => 1),
      'each address got exactly one mail',
    );
    const store = await openMemberStore({ dataDir: a.dataDir, databaseUrl });
    t.teardown(() => store.close());
    t.same(await store.outgoingMessages.stats(), { depth: 0 }, 'and the queue is empty');
  });
});
