import t from 'tap';
import { createClient, startStack, validRegistration } from '../helper.ts';
import { findLink, type ParsedMail } from '../helpers/outbox.ts';
import { smtpServerDown, startSmtpServer } from '../helpers/smtp.ts';

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
