import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import t from 'tap';
import { createMailer } from '../../server/member-service/mail/mailer.ts';
import { outboxSmsSender } from '../../server/member-service/sms/outbox-sms.ts';

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
