import { createServer, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { DELIVERY_JOB, retryDelay } from '../../server/member-service/jobs/message-delivery.ts';
import { mailQueueDepth, mailsTotal } from '../../server/member-service/metrics/member-metrics.ts';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { findLink, readOutbox } from '../helpers/outbox.ts';
import { smtpServerDown, startSmtpServer } from '../helpers/smtp.ts';
import { databaseEngines } from './engines.ts';
import { linkParts, register, startMemberService, type TestService, PASSWORD } from './service.ts';
import { GERMAN_MOBILE, startSignInService } from './sign-in-fixtures.ts';
import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '../../shared/languages.ts';
import { renderVerifyEmail } from '../../server/member-service/mail/verify-email-mail.ts';
import { activationLink } from '../../server/member-service/verification.ts';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createMailer } from '../../server/member-service/mail/mailer.ts';
import { outboxSmsSender } from '../../server/member-service/sms/outbox-sms.ts';
import { renderDeletionMail } from '../../server/member-service/mail/deletion-mail.ts';
import {
  renderPasswordChangedMail,
  renderPasswordReminderMail,
  renderPasswordResetMail,
} from '../../server/member-service/mail/password-mails.ts';
import { renderOtpMail } from '../../server/member-service/sign-in/otp-mail.ts';

t.test('message queue', async (t) => {
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
        t.ok(
          row!.next_attempt_at >= clock.now() + 8 * SECOND && row!.next_attempt_at <= clock.now() + 12 * SECOND,
          'next try in about 10 s',
        );
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
    const codes = db
      .prepare('select count(*) as issued, sum(invalidated_at is null and used_at is null) as usable from otp_codes')
      .get() as {
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
    await service.activeMember(email, GERMAN_MOBILE);
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
});

t.test('mail', async (t) => {
  function keys(value: unknown, prefix = ''): string[] {
    if (typeof value !== 'object' || value === null) return [prefix];
    return Object.entries(value)
      .flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
      .sort();
  }

  const catalogues = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(new URL(`../../locales/${lang}/mail.json`, import.meta.url), 'utf8'))]),
  );

  t.test('mail texts exist in all six languages, translated', async (t) => {
    const english = keys(catalogues.en);
    for (const lang of LANGUAGES) {
      t.same(keys(catalogues[lang]), english, `${lang} has every key`);
      const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      for (const key of Object.keys(catalogues.en.verifyEmail)) {
        const text: string = catalogues[lang].verifyEmail[key];
        t.ok(text.trim().length > 0, `${lang} ${key} is not empty`);
        if (lang !== 'en') t.not(text, catalogues.en.verifyEmail[key], `${lang} ${key} is translated`);
        t.same(
          placeholders(text).filter((p) => p !== 'lastName'),
          placeholders(catalogues.en.verifyEmail[key]).filter((p) => p !== 'lastName'),
          `${lang} ${key} keeps its placeholders`,
        );
      }
    }
  });

  t.test('the verification mail: plain text and HTML, values escaped', async (t) => {
    const link = activationLink('https://portal.example', 'en', 'tok_en-1', 'pub-id', '');
    t.equal(link, 'https://portal.example/en/auth/activate-member/tok_en-1/pub-id/-');
    t.equal(
      activationLink('https://portal.example', 'ja-jp', 't', 'p', 'rma'),
      'https://portal.example/ja-jp/auth/activate-member/t/p/rma',
    );
    const mail = renderVerifyEmail('en', { firstName: '<b>Ada</b>', lastName: 'L', email: 'ada@example.com', link, days: 7 });
    t.equal(mail.subject, 'Verify your e-mail address');
    t.match(mail.text, /Welcome, <b>Ada<\/b>/);
    t.match(mail.text, link);
    t.match(mail.text, /valid for 7 days/);
    t.match(mail.html, /Welcome, &lt;b&gt;Ada&lt;\/b&gt;/);
    t.notMatch(mail.html, /<b>Ada/);
    t.match(mail.html, `<a href="${link}"`);
    t.match(mail.html, /<html lang="en">/);
    const japanese = renderVerifyEmail('ja-jp', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', link, days: 7 });
    t.match(japanese.text, /^Lovelace Ada 様/, 'family name first in Japanese');
  });
});

t.test('outbox file', async (t) => {
  t.test('mails and text messages share one outbox whose names sort in sending order', async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'outbox-file-test-'));
    t.teardown(() => rm(dataDir, { recursive: true, force: true }));
    const logger = pino({ level: 'silent' });
    const mailer = createMailer({ dataDir, mailFrom: 'no-reply@corp.example', logger });
    t.teardown(() => mailer.close());
    const sms = outboxSmsSender(dataDir, logger);

    await sms.send({ to: '+4915123456789', text: 'first' });
    await mailer.send({ to: 'ann@example.com', subject: 'second', text: 'second', html: '<p>second</p>' });
    await sms.send({ to: '+4915123456789', text: 'third' });

    const names = (await readdir(join(dataDir, 'outbox'))).sort();
    t.same(
      names.map((name) => name.replace(/^.*?(\.eml|\.sms\.txt)$/, '$1')),
      ['.sms.txt', '.eml', '.sms.txt'],
      'only finished messages, in the order they were sent',
    );
    t.equal(await readFile(join(dataDir, 'outbox', names[0]!), 'utf8'), 'To: +4915123456789\n\nfirst\n');
    t.match(await readFile(join(dataDir, 'outbox', names[1]!), 'utf8'), /^Subject: second$/m);
  });

  t.test('the log names the outbox file of a mail, never the link in it', async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'outbox-file-test-'));
    t.teardown(() => rm(dataDir, { recursive: true, force: true }));
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const mailer = createMailer({ dataDir, mailFrom: 'no-reply@corp.example', logger: pino({ level: 'info' }, stream) });
    t.teardown(() => mailer.close());
    const link = 'http://localhost:3000/en/auth/verify-email/live-reset-token-0123456789/public-id';
    await mailer.send({ to: 'ann@example.com', subject: 'Reset', text: `Reset: ${link}`, html: `<a href="${link}">Reset</a>` });

    const [file] = await readdir(join(dataDir, 'outbox'));
    t.match(lines.join(''), file!, 'the line says which file to open');
    t.notMatch(lines.join(''), 'live-reset-token', 'and carries no token');
  });
});

t.test('name order in mails', async (t) => {
  /** Every mail the member service sends to a member, rendered for one language. */
  function allMails(lang: Language, firstName: string, lastName: string) {
    const member = { firstName, lastName, email: 'm@example.com' };
    return {
      verify: renderVerifyEmail(lang, { ...member, link: 'https://portal.example/x', days: 7 }),
      deletion: renderDeletionMail(lang, { ...member, deleteAt: Date.UTC(2026, 0, 31), link: 'https://portal.example/x' }),
      otp: renderOtpMail(lang, { ...member, code: '123456', minutes: 10 }),
      reset: renderPasswordResetMail(lang, member, 'https://portal.example/x', 60),
      changed: renderPasswordChangedMail(lang, member, '2026-01-01', 'https://portal.example/x'),
      reminder: renderPasswordReminderMail(lang, member, { reset: 'https://portal.example/r', keep: 'https://portal.example/k' }, 60),
    };
  }

  const greetings: Record<Language, { first: string; last: string; greeting: RegExp }> = {
    en: { first: 'Ada', last: 'Lovelace', greeting: /^(Hello|Welcome,) Ada Lovelace/ },
    'es-es': { first: 'Ada', last: 'Lovelace', greeting: /^(Hola|Le damos la bienvenida), Ada Lovelace/ },
    'ja-jp': { first: '太郎', last: '山田', greeting: /^山田 太郎 様/ },
    'zh-cn': { first: '小明', last: '王', greeting: /^王小明，您好：/ },
    'zh-tw': { first: '小明', last: '王', greeting: /^王小明 您好：/ },
    'ko-kr': { first: '민준', last: '김', greeting: /^김민준님, / },
  };

  t.test('every mail greets the member by full name, family name first in Japanese, Chinese and Korean', async (t) => {
    for (const [lang, { first, last, greeting }] of Object.entries(greetings) as [Language, (typeof greetings)[Language]][]) {
      for (const [kind, mail] of Object.entries(allMails(lang, first, last))) {
        t.match(mail.text, greeting, `${lang} ${kind}: ${mail.text.split('\n')[0]}`);
        t.match(mail.html, `<p>${mail.text.split('\n')[0]}</p>`, `${lang} ${kind}: the HTML part greets the same way`);
      }
    }
  });

  t.test('mails carry the BCP 47 tag of their language', async (t) => {
    t.match(allMails('ja-jp', 'a', 'b').verify.html, /<html lang="ja">/);
    t.match(allMails('zh-tw', 'a', 'b').otp.html, /<html lang="zh-TW">/);
  });
});

t.test('SMTP', async (t) => {
  t.test('with SMTP_URL the verification mail goes to the SMTP server', async (t) => {
    const smtp = await startSmtpServer();
    t.teardown(() => smtp.stop());
    const service = await startMemberService(t, { smtpUrl: smtp.url, mailFrom: 'Member Portal <members@portal.example>' });

    t.equal((await register(service, { lang: 'zh-cn' })).body.code, 'ok');
    const received = await smtp.waitForMessage('ada@example.com');
    t.equal(received.envelopeFrom, 'members@portal.example');
    t.same(received.envelopeTo, ['ada@example.com']);
    t.equal(received.subject, '验证您的电子邮箱');
    t.match(received.html, /<a href="https:\/\/portal\.example\/zh-cn\/auth\/activate-member\//);
    const link = linkParts(findLink(received, /activate-member/)!);
    t.same(await readOutbox(service.dataDir), [], 'nothing in the outbox');

    const activated = await service.call('POST', '/api/Member/Activate', { body: { userId: link.publicId, token: link.token } });
    t.equal(activated.body.code, 'ok', 'the mailed link activates the member');
  });

  t.test('an unreachable SMTP server does not lose the registration', async (t) => {
    const smtp = await startSmtpServer();
    const url = smtp.url;
    await smtp.stop();
    const service = await startMemberService(t, { smtpUrl: url });
    t.equal((await register(service)).body.code, 'ok');
    const stored = await service.call('POST', '/api/Member/Login', {
      body: { userId: 'ada@example.com', password: service.encode(PASSWORD) },
    });
    t.equal(stored.body.code, 'mustactivate', 'the member is stored, waiting for activation');
  });
});

t.test('delivery budgets', async (t) => {
  const HOUR = 60 * 60 * 1000;

  for (const engine of databaseEngines(t)) {
    t.test(`a destination's hourly budget holds under parallel takes (${engine.name})`, { skip: engine.skip }, async (t) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'member-service-test-'));
      const store = await openMemberStore({ dataDir, databaseUrl: await engine.databaseUrl() });
      t.teardown(async () => {
        await store.close();
        await rm(dataDir, { recursive: true, force: true });
      });
      const hour = 1_700_000_000_000 - (1_700_000_000_000 % HOUR);

      const parallel = await Promise.all(Array.from({ length: 12 }, () => store.deliveryBudgets.take('number-a', hour, 5)));
      t.equal(parallel.filter(Boolean).length, 5, 'of twelve parallel messages five may go');
      t.equal(await store.deliveryBudgets.take('number-b', hour, 5), true, 'another destination has its own budget');
      t.equal(await store.deliveryBudgets.take('number-a', hour + HOUR, 5), true, 'and so has the next hour');

      await store.deliveryBudgets.forgetBefore(hour + HOUR);
      t.equal(await store.deliveryBudgets.take('number-a', hour, 5), true, 'forgotten windows count from zero');
      t.equal(await store.deliveryBudgets.take('number-c', hour, 0), false, 'a limit of zero lets nothing through');
    });
  }
});
