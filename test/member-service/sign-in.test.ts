import { createServer, type IncomingMessage } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { readOutbox } from '../helpers/outbox.ts';
import { databaseEngines } from './engines.ts';
import { mailedCode, startSignInService, type SignInService } from './sign-in-fixtures.ts';

const sendCode = (service: SignInService, userId: string, otpVerifyType: 1 | 2, lang = 'en') =>
  service.call('POST', '/api/Member/SendOtpCode', { body: { userId, otpVerifyType, lang } });
const verify = (service: SignInService, userId: string, code: string) =>
  service.call('POST', '/api/Member/otpVerify', { body: { userId, code, otpVerifyType: 1 } });

/** Waits until `condition` holds: texts go out after the reply, so its time does not tell who has a proven number. */
async function eventually(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await condition()); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** The text messages in the outbox, oldest first. */
async function textMessages(dataDir: string): Promise<string[]> {
  const dir = join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.sms.txt')).sort();
  return Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')));
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
  await service.activeMember(email, {
    mobileCountryCode: '49',
    mobile: '15123456789',
    telNo: '',
    telAreacode: '',
    telCountryCode: '',
    country: 'Germany',
    state: '',
  });
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
  await service.activeMember(email, {
    mobileCountryCode: '49',
    mobile: '15123456789',
    telNo: '',
    telAreacode: '',
    telCountryCode: '',
    country: 'Germany',
    state: '',
  });
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
