import t from 'tap';
import { createActiveMember, createClient, signIn, startStack, type TestClient } from '../../helper.ts';
import { latestCodeTo, textMessagesTo } from '../../helpers/text-messages.ts';

/*
 * SendOtpCode by phone used to answer PhoneNotEnabled for unknown addresses and members without
 * a proven number, and ok with the number's last digits for members with one; during the send
 * window an e-mail request for the same address returned the digits too. Now all three get one
 * answer, the text goes only where a number was proven, and the digits are shown only to a
 * browser the member has already signed in from.
 */
const NUMBER = '+4915123456789';
const stack = await startStack(t, {
  env: { OTP_RATE_LIMIT_PER_MINUTE: '1000', LOGIN_RATE_LIMIT_PER_MINUTE: '1000', REGISTER_RATE_LIMIT_PER_MINUTE: '1000' },
});

/** A member who proved the mobile number of the test registration, and the browser that did it. */
async function memberWithProvenPhone() {
  const member = await createActiveMember(stack);
  const browser = await signIn(stack, member);
  await browser.post('/api/Member/SendPhoneProofCode', {});
  const proved = await browser.post('/api/Member/ConfirmPhoneProof', { code: await latestCodeTo(stack.dataDir, NUMBER) });
  if (proved.body.data?.mobileVerified !== true) throw new Error(proved.text);
  await browser.post('/api/Member/Logout', {});
  return { member, browser };
}

const phoneCode = (browser: TestClient, userId: string) => browser.post('/api/Member/SendOtpCode', { userId, otpVerifyType: 2 });
const mailCode = (browser: TestClient, userId: string) => browser.post('/api/Member/SendOtpCode', { userId, otpVerifyType: 1 });
/** What an observer can compare: status and body. */
const seen = (reply: { status: number; body: unknown }) => ({ status: reply.status, body: reply.body });

t.test('unknown address, member without a proven phone, member with one: one answer to a stranger', async (t) => {
  const { member: proven } = await memberWithProvenPhone();
  const withoutPhone = await createActiveMember(stack);
  const texted = (await textMessagesTo(stack.dataDir, NUMBER)).length;

  const stranger = createClient(stack.bffUrl);
  const replies = [
    seen(await phoneCode(stranger, `nobody-${Date.now()}@example.com`)),
    seen(await phoneCode(stranger, withoutPhone.email)),
    seen(await phoneCode(stranger, proven.email)),
  ];
  const expected = { status: 200, body: { isSuccess: true, code: 'ok', data: { showSendCode: true, remainingSeconds: 180 } } };
  t.same(replies, [expected, expected, expected]);

  for (let i = 0; i < 50 && (await textMessagesTo(stack.dataDir, NUMBER)).length === texted; i += 1)
    await new Promise((r) => setTimeout(r, 100));
  t.equal((await textMessagesTo(stack.dataDir, NUMBER)).length, texted + 1, 'one text, to the proven number only');

  const duringWindow = [seen(await phoneCode(stranger, proven.email)), seen(await mailCode(stranger, proven.email))];
  for (const reply of duringWindow)
    t.notMatch(JSON.stringify(reply.body), /lastThreeDigits|789/, 'the window tells a stranger nothing either');
});

t.test('the digits go only to a browser the member signed in from, and only for a phone request', async (t) => {
  const { member, browser: ownBrowser } = await memberWithProvenPhone();
  const sent = await phoneCode(ownBrowser, member.email);
  t.equal(sent.body.data.lastThreeDigits, '789', "the member's own browser learns where the code went");
  t.equal((await phoneCode(ownBrowser, member.email)).body.data.lastThreeDigits, '789', 'and again while the window runs');
  t.notOk('lastThreeDigits' in (await mailCode(ownBrowser, member.email)).body.data, 'never through an e-mail request');

  const other = await createActiveMember(stack);
  const othersBrowser = await signIn(stack, other);
  t.notOk('lastThreeDigits' in (await phoneCode(othersBrowser, member.email)).body.data, "another member's browser does not learn them");
});
