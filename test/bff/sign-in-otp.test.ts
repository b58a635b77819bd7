import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { createClient } from '../helper.ts';
import { readOutbox } from '../helpers/outbox.ts';
import { mailedCode } from '../member-service/sign-in-fixtures.ts';
import { startSignInStack } from './sign-in-fixtures.ts';

const codeMails = async (dataDir: string, email: string) =>
  (await readOutbox(dataDir)).filter((m) => m.to === email && !/activate-member/.test(m.text)).length;
const textMessages = async (dataDir: string) =>
  (await readdir(join(dataDir, 'outbox')).catch(() => [] as string[])).filter((n) => n.endsWith('.sms.txt')).sort();

t.test('code sign-in by e-mail: the portal keeps the 180-second send window and signs in with the code', async (t) => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const { stack, member } = await startSignInStack(t, { clock });
  const ada = await member({ preferring: 0 });
  const browser = createClient(stack.bffUrl);
  const send = () => browser.post('/api/Member/SendOtpCode', { userId: ada.email, otpVerifyType: 1 });

  t.same((await send()).body, { isSuccess: true, code: 'ok', data: { showSendCode: true, remainingSeconds: 180 } });
  const code = await mailedCode(stack.dataDir, ada.email);
  clock.advance(60_000);
  t.same(
    (await send()).body.data,
    { showSendCode: true, remainingSeconds: 120 },
    'within the window: the countdown goes on from where it is',
  );
  t.same(
    (await browser.post('/api/Member/SendOtpCode', { userId: ada.email.toUpperCase(), otpVerifyType: 2 })).body.data.remainingSeconds,
    120,
    'for either delivery and however the ID is spelt',
  );
  t.equal(await codeMails(stack.dataDir, ada.email), 1, 'and no other code was sent');

  const wrong = await browser.post('/api/Member/otpVerify', {
    userId: ada.email,
    code: code === '000000' ? '111111' : '000000',
    otpVerifyType: 1,
  });
  t.same(wrong.body, { isSuccess: false, code: 'unauthorized' });
  const signedIn = await browser.post('/api/Member/otpVerify', {
    userId: ada.email,
    code,
    otpVerifyType: 1,
    returnUrl: 'https://shop.example/back?x=1',
  });
  t.equal(signedIn.body.code, 'ok');
  t.match(signedIn.body.data, {
    userId: ada.email,
    redirectUrl: 'https://shop.example/back?x=1',
    id: ada.publicId,
    tempId: /^[A-Za-z0-9_-]{43}$/,
  });
  t.notOk('token' in signedIn.body.data, 'the member token stays in the portal');
  t.same((await browser.get('/api/Member/IsLogin')).body.data, { isLogin: true });

  clock.advance(120_000);
  t.equal((await send()).body.data.remainingSeconds, 180, 'after the window a new code is sent');
  await mailedCode(stack.dataDir, ada.email, 2);
});

t.test('code sign-in by phone: the text goes after the reply; no proven mobile: the code goes by e-mail', async (t) => {
  const { stack, member, setMember } = await startSignInStack(t);
  // A number proven by a code sent to it (test/member-service/phone-proof.test.ts): only such a number gets sign-in codes.
  const ada = await member({ proven_mobile: '+4915123456789' });
  const browser = createClient(stack.bffUrl);
  const sent = await browser.post('/api/Member/SendOtpCode', { userId: ada.email, otpVerifyType: 2 });
  // The digits go only to a browser the member signed in from (test/security/v6-authentication/phone-codes-tell-nothing-about-who-has-a-phone.test.ts).
  t.same(sent.body, { isSuccess: true, code: 'ok', data: { showSendCode: true, remainingSeconds: 180 } });
  const again = await browser.post('/api/Member/SendOtpCode', { userId: ada.email, otpVerifyType: 2 });
  t.ok(again.body.data.remainingSeconds <= 180, 'within the window no other code is sent');
  for (let i = 0; i < 100 && (await textMessages(stack.dataDir)).length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
  t.equal((await textMessages(stack.dataDir)).length, 1, 'one text message');
  const sms = await readFile(join(stack.dataDir, 'outbox', (await textMessages(stack.dataDir))[0]!), 'utf8');
  const code = /\b(\d{6})\b/.exec(sms)![1]!;
  t.equal((await browser.post('/api/Member/otpVerify', { userId: ada.email, code, otpVerifyType: 2 })).body.code, 'ok');

  const grace = await member();
  await setMember(grace.email, { mobile: '' });
  t.same((await browser.post('/api/Member/SendOtpCode', { userId: grace.email, otpVerifyType: 2 })).body, {
    isSuccess: true,
    code: 'ok',
    data: { showSendCode: true, remainingSeconds: 180 },
  });
  await mailedCode(stack.dataDir, grace.email);

  const unknown = await browser.post('/api/Member/SendOtpCode', { userId: 'nobody@example.com', otpVerifyType: 1 });
  t.same(
    unknown.body,
    { isSuccess: true, code: 'ok', data: { showSendCode: true, remainingSeconds: 180 } },
    'an unknown account: the same reply',
  );
  t.equal(
    (await browser.post('/api/Member/SendOtpCode', { userId: 'x', otpVerifyType: 3 })).status,
    400,
    'an unknown delivery type is refused',
  );
});
