import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import t from 'tap';
import { loadMemberServiceConfig } from '../../../server/member-service/config.ts';
import { createMailer } from '../../../server/member-service/mail/mailer.ts';
import { startSmtpServer, type SmtpCapture } from '../../helpers/smtp.ts';

/*
 * The mailer used to send over whatever the SMTP server offered, cleartext included, so sign-in
 * codes, reset links and the relay's password crossed the network readable. `smtp://` must now
 * upgrade with STARTTLS (with a certificate that checks out) unless the host is loopback or the
 * operator sets SMTP_ALLOW_PLAINTEXT=true; `smtps://` is TLS from the first byte.
 */

/** An address of this machine that is not loopback: what a mail relay on the network looks like. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

const silent = pino({ level: 'silent' });
const mail = (to: string) => ({ to, subject: 'Your sign-in code', text: 'code 123456', html: '<p>code 123456</p>' });

async function sendThrough(t: { teardown(fn: () => unknown): void }, server: SmtpCapture, smtpUrl: string, allowPlaintext = false) {
  const dataDir = await mkdtemp(join(tmpdir(), 'smtp-tls-'));
  const mailer = createMailer({ dataDir, smtpUrl, smtpAllowPlaintext: allowPlaintext, mailFrom: 'no-reply@example.com', logger: silent });
  t.teardown(async () => {
    mailer.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return mailer.send(mail('member@example.com')).then(
    () => 'sent',
    (error: Error) => `refused: ${error.message}`,
  );
}

t.test('a relay on the network that offers no STARTTLS gets nothing', { skip: !networkAddress && 'no network interface' }, async (t) => {
  const server = await startSmtpServer({ host: networkAddress });
  const outcome = await sendThrough(t, server, `smtp://user:secret@${networkAddress}:${new URL(server.url).port}`);
  t.match(outcome, /^refused/, outcome);
  t.equal(server.messages.length, 0, 'no mail crossed the network in cleartext');
});

t.test(
  'a relay whose STARTTLS certificate does not check out gets nothing',
  { skip: !networkAddress && 'no network interface' },
  async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'smtp-cert-'));
    t.teardown(() => rm(dir, { recursive: true, force: true }));
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=mail.example',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]);
    const tls = { key: await readFile(join(dir, 'key.pem'), 'utf8'), cert: await readFile(join(dir, 'cert.pem'), 'utf8') };
    const server = await startSmtpServer({ host: networkAddress, tls });
    const outcome = await sendThrough(t, server, `smtp://${networkAddress}:${new URL(server.url).port}`);
    t.match(outcome, /^refused/, outcome);
    t.equal(server.messages.length, 0);
  },
);

t.test('cleartext only where the operator says so, or on loopback', async (t) => {
  if (networkAddress) {
    const server = await startSmtpServer({ host: networkAddress });
    t.equal(
      await sendThrough(t, server, `smtp://${networkAddress}:${new URL(server.url).port}`, true),
      'sent',
      'SMTP_ALLOW_PLAINTEXT=true',
    );
    t.equal(server.messages.length, 1);
  }
  const loopback = await startSmtpServer();
  t.equal(await sendThrough(t, loopback, loopback.url), 'sent', 'a relay on this machine');
  t.equal(loopback.messages.length, 1);
});

t.test('the settings: smtps:// accepted, nothing in the URL switches TLS off', async (t) => {
  const base = {
    DATA_DIR: '/tmp/unused',
    SERVICE_KEY: 'k'.repeat(32),
    PASSWORD_ENCODING_KEY: 'a'.repeat(64),
    CRM_HASH_KEY: 'c'.repeat(32),
  };
  t.equal(
    loadMemberServiceConfig({ ...base, SMTP_URL: 'smtps://user:pass@mail.example.com:465' }).smtpUrl,
    'smtps://user:pass@mail.example.com:465',
  );
  t.equal(loadMemberServiceConfig({ ...base, SMTP_ALLOW_PLAINTEXT: 'true' }).smtpAllowPlaintext, true);
  t.equal(loadMemberServiceConfig(base).smtpAllowPlaintext, false);
  t.throws(() => loadMemberServiceConfig({ ...base, SMTP_URL: 'smtp://mail.example.com:587?ignoreTLS=true' }), /SMTP_URL/);
  t.throws(() => loadMemberServiceConfig({ ...base, SMTP_ALLOW_PLAINTEXT: 'yes' }), /SMTP_ALLOW_PLAINTEXT/);
});
