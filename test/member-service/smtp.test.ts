import t from 'tap';
import { findLink, readOutbox } from '../helpers/outbox.ts';
import { startSmtpServer } from '../helpers/smtp.ts';
import { linkParts, PASSWORD, register, startMemberService } from './service.ts';

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
