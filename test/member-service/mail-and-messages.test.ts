import { createServer, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { DELIVERY_JOB, retryDelay } from '../../server/member-service/jobs/message-delivery.ts';
import { mailQueueDepth, mailsTotal } from '../../server/member-service/metrics/member-metrics.ts';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { findLink } from '../helpers/outbox.ts';
import { smtpServerDown } from '../helpers/smtp.ts';
import { databaseEngines } from './engines.ts';
import { linkParts, register, startMemberService, type TestService } from './service.ts';
import { startSignInService } from './sign-in-fixtures.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

interface QueueRow {
  kind: string;
  state: string;
  attempts: number;
  next_attempt_at: number;
  params: string;
}

/** The queue as the database holds it, oldest first. */
async function queueRows(service: TestService): Promise<QueueRow[]> {
  const query = 'select kind, state, attempts, next_attempt_at, params from outgoing_messages order by id';
  if (service.config.databaseUrl) {
    const client = new pg.Client({ connectionString: service.config.databaseUrl });
    await client.connect();
    try {
      return (await client.query(query)).rows.map((row) => ({ ...row, next_attempt_at: Number(row.next_attempt_at) }));
    } finally {
      await client.end();
    }
  }
  const db = new SqliteDatabase(join(service.dataDir, 'members.sqlite'), { readonly: true });
  try {
    return db.prepare(query).all() as QueueRow[];
  } finally {
    db.close();
  }
}

/** member_mails_total by 'kind/outcome'. */
async function attemptsCounted(): Promise<Record<string, number>> {
  const { values } = await mailsTotal.get();
  return Object.fromEntries(values.map(({ labels, value }) => [`${labels.kind}/${labels.outcome}`, value]));
}

async function queueDepthMetric(): Promise<number | undefined> {
  return (await mailQueueDepth.get()).values[0]?.value;
}

/** One pass of the periodic delivery job, and whatever it started. */
async function deliveryPass(service: TestService): Promise<void> {
  await service.app.jobs.runNow(DELIVERY_JOB);
  await service.app.background.drain();
}

t.test('retries wait twice as long each time, up to 15 minutes, with a little jitter', async (t) => {
  t.same(
    [1, 2, 3, 4].map((attempts) => retryDelay(attempts, 10 * SECOND, () => 0.5)),
    [10 * SECOND, 20 * SECOND, 40 * SECOND, 80 * SECOND],
  );
  t.equal(
    retryDelay(30, 10 * SECOND, () => 0.5),
    15 * MINUTE,
    'capped',
  );
  t.equal(
    retryDelay(1, 10 * SECOND, () => 0),
    8 * SECOND,
    'at least 80%',
  );
  t.equal(
    retryDelay(1, 10 * SECOND, () => 0.999_999),
    12 * SECOND,
    'at most 120%',
  );
});

for (const engine of databaseEngines(t)) {
  t.test(
    `a mail the server refuses waits in the queue, is retried with backoff and goes once it is back (${engine.name})`,
    { skip: engine.skip },
    async (t) => {
      const clock = new ManualClock(Date.UTC(2026, 0, 5, 9, 0));
      const smtp = await smtpServerDown();
      const service = await startMemberService(
        t,
        { databaseUrl: await engine.databaseUrl(), smtpUrl: smtp.url, deliveryRetrySeconds: 10, deliveryPollSeconds: 0 },
        { clock },
      );
      const before = await attemptsCounted();

      t.equal((await register(service)).body.code, 'ok', 'registration answers ok while the mail server is down');
      await service.app.background.drain();
      let [row] = await queueRows(service);
      t.match(row, { kind: 'verification', state: 'queued', attempts: 1 }, 'the first attempt failed and the mail is still queued');
      t.ok(row!.next_attempt_at >= clock.now() + 8 * SECOND && row!.next_attempt_at <= clock.now() + 12 * SECOND, 'next try in about 10 s');
      t.same(Object.keys(JSON.parse(row!.params)), ['lang'], 'the queue keeps no link: it is made when the mail goes out');
      t.equal(await queueDepthMetric(), 1, 'member_mail_queue_depth reads the queue');

      await deliveryPass(service);
      t.equal((await queueRows(service))[0]!.attempts, 1, 'not tried again before its time');
      clock.advance(12 * SECOND);
      await deliveryPass(service);
      [row] = await queueRows(service);
      t.equal(row!.attempts, 2, 'tried again once due');
      t.ok(
        row!.next_attempt_at >= clock.now() + 16 * SECOND && row!.next_attempt_at <= clock.now() + 24 * SECOND,
        'and then after about 20 s',
      );

      const server = await smtp.start();
      t.teardown(() => server.stop());
      clock.advance(24 * SECOND);
      await deliveryPass(service);
      const mail = await server.waitForMessage('ada@example.com');
      t.same(await queueRows(service), [], 'sent mails leave the queue');
      const link = linkParts(findLink(mail, /activate-member/)!);
      t.equal(
        (await service.call('POST', '/api/Member/Activate', { body: { userId: link.publicId, token: link.token } })).body.code,
        'ok',
        'its link, made when it went out, works',
      );
      await deliveryPass(service);
      t.equal(server.messages.length, 1, 'sent once');
      const after = await attemptsCounted();
      t.same(
        {
          retried: after['verification/retried']! - (before['verification/retried'] ?? 0),
          sent: after['verification/sent']! - (before['verification/sent'] ?? 0),
        },
        { retried: 2, sent: 1 },
        'member_mails_total counts each attempt by kind and outcome',
      );
      t.equal(await queueDepthMetric(), 0);
    },
  );
}

t.test('a newer verification mail replaces one still queued; a mail that no longer applies is dropped', async (t) => {
  const clock = new ManualClock(Date.UTC(2026, 0, 5, 9, 0));
  const smtp = await smtpServerDown();
  const service = await startMemberService(t, { smtpUrl: smtp.url, deliveryRetrySeconds: 10, deliveryPollSeconds: 0 }, { clock });
  await register(service, { email: 'grace@example.com', userId: 'grace@example.com' });
  await register(service);
  for (let i = 0; i < 3; i += 1) await service.call('POST', '/api/Member/Reactivate', { body: { userId: 'ada@example.com' } });
  await service.app.background.drain();

  const store = await openMemberStore({ dataDir: service.dataDir });
  t.teardown(() => store.close());
  const grace = (await store.members.findByEmail('grace@example.com'))!;
  await store.members.update(grace.id, { status: 1 });

  const server = await smtp.start();
  t.teardown(() => server.stop());
  clock.advance(MINUTE);
  await deliveryPass(service);
  t.same(
    server.messages.map((mail) => mail.envelopeTo),
    [['ada@example.com']],
    'one mail to the address asked for four times; none to the member who is active by now',
  );
  t.same(await queueRows(service), [], 'all of them left the queue');
});

t.test('a code mail that cannot go within the code’s 10 minutes is given up, and its codes never work', async (t) => {
  const clock = new ManualClock(Date.UTC(2026, 0, 5, 9, 0));
  const smtp = await smtpServerDown();
  const service = await startSignInService(t, { smtpUrl: smtp.url, deliveryRetrySeconds: 10, deliveryPollSeconds: 0 }, clock);
  await register(service);
  await service.setMember('ada@example.com', { status: 1 });
  await service.call('POST', '/api/Member/SendOtpCode', { body: { userId: 'ada@example.com', otpVerifyType: 1 } });
  await service.app.background.drain();

  for (let minute = 0; minute < 12; minute += 1) {
    clock.advance(MINUTE);
    await deliveryPass(service);
  }
  const codeMail = (await queueRows(service)).find((row) => row.kind === 'sign-in-code');
  t.equal(codeMail?.state, 'failed', 'given up, and kept for operators');
  t.ok(codeMail!.attempts >= 5, `after several attempts (${codeMail!.attempts})`);
  const db = new SqliteDatabase(join(service.dataDir, 'members.sqlite'), { readonly: true });
  t.teardown(() => db.close());
  const codes = db.prepare('select count(*) as issued, sum(invalidated_at is null and used_at is null) as usable from otp_codes').get() as {
    issued: number;
    usable: number;
  };
  t.same(codes, { issued: codeMail!.attempts, usable: 0 }, 'each attempt made a code, and each undelivered one was voided');

  const server = await smtp.start();
  t.teardown(() => server.stop());
  clock.advance(MINUTE);
  await deliveryPass(service);
  t.same(
    server.messages.map((mail) => mail.subject),
    [],
    'no late code mail when the server is back (and no verification mail for an active member)',
  );
});

for (const engine of databaseEngines(t)) {
  t.test(`two instances claiming the same messages: each is claimed by one (${engine.name})`, { skip: engine.skip }, async (t) => {
    const databaseUrl = await engine.databaseUrl();
    const service = await startMemberService(t, { databaseUrl, deliveryPollSeconds: 0 });
    await register(service);
    await service.app.background.drain();
    const options = { dataDir: service.dataDir, databaseUrl };
    const [a, b] = [await openMemberStore(options), await openMemberStore(options)];
    t.teardown(async () => {
      await a.close();
      await b.close();
    });
    const { id: memberId } = (await a.members.findByEmail('ada@example.com'))!;
    const now = Date.now();
    const ids = await a.outgoingMessages.queue(
      memberId,
      Array.from({ length: 20 }, () => ({ kind: 'password-changed', topic: '', params: { lang: 'en' }, deliverBy: now + MINUTE })),
      now,
    );
    const claims = await Promise.all(
      ids.flatMap((id) => [
        a.outgoingMessages.claim(id, 'instance-a', now, now + MINUTE),
        b.outgoingMessages.claim(id, 'instance-b', now, now + MINUTE),
      ]),
    );
    const winners = claims.filter((claim) => claim !== undefined);
    t.equal(winners.length, ids.length, 'every message claimed exactly once');
    t.same(await a.outgoingMessages.due(now, 0, 50), [], 'claimed messages are not due for anyone else');
    t.same(await b.outgoingMessages.due(now + MINUTE, 0, 50).then((rows) => rows.length), ids.length, 'until the claim runs out');
  });
}

t.test('a text the SMS gateway refuses: badrequest now, its code void, and a working code once the gateway is back', async (t) => {
  const received: string[] = [];
  let answer = 502;
  const gateway = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    received.push((JSON.parse(raw) as { text: string }).text);
    res.writeHead(answer).end();
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => gateway.close(resolve)));
  const clock = new ManualClock(Date.UTC(2026, 0, 5, 9, 0));
  const port = (gateway.address() as { port: number }).port;
  const service = await startSignInService(
    t,
    { smsWebhookUrl: `http://127.0.0.1:${port}/sms`, deliveryRetrySeconds: 10, deliveryPollSeconds: 0 },
    clock,
  );
  const email = 'hook@example.com';
  await service.activeMember(email, {
    mobileCountryCode: '49',
    mobile: '15123456789',
    telNo: '',
    telAreacode: '',
    telCountryCode: '',
    country: 'Germany',
    state: '',
  });
  await service.setMember(email, { proven_mobile: '+4915123456789' });
  const verify = (code: string) => service.call('POST', '/api/Member/otpVerify', { body: { userId: email, code, otpVerifyType: 1 } });

  const sent = await service.call('POST', '/api/Member/SendOtpCode', { body: { userId: email, otpVerifyType: 2 } });
  t.equal(sent.body.code, 'ok', 'the reply does not wait for the gateway (its time would tell who has a proven number)');
  for (let i = 0; i < 100 && received.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
  const refused = /\b(\d{6})\b/.exec(received[0]!)![1]!;
  t.equal((await verify(refused)).body.code, 'CodeNoLongerValid', 'the code of the refused text does not work');

  answer = 200;
  clock.advance(15 * SECOND);
  await deliveryPass(service);
  t.equal(received.length, 2, 'the queue tried again');
  const code = /\b(\d{6})\b/.exec(received[1]!)![1]!;
  t.equal((await verify(code)).body.code, 'ok', 'and the text it delivered signs in');
});
