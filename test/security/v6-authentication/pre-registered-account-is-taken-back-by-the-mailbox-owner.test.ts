import t, { type Test } from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { activationLinkFor, createClient, startStack, validRegistration, type Stack, type TestClient } from '../../helper.ts';
import { findLink, waitForMail } from '../../helpers/outbox.ts';
import { textMessagesTo } from '../../helpers/text-messages.ts';

/**
 * Account pre-hijacking (ASVS V6): an attacker registers the victim's address with his own
 * password and his own mobile number before the victim does. When the victim takes the account
 * over through the mailbox (activation link, reset link), nothing the attacker set may still
 * let him in.
 */
const VICTIM = 'victim@example.com';
const ATTACKER_PASSWORD = 'Mallory2024x';
const ATTACKER_MOBILE = { mobileCountryCode: '49', mobile: '15111111111' };
const ATTACKER_NUMBER = '+4915111111111';
const VICTIM_PASSWORD = 'Victoria1999';

async function stackWithClock(t: Test) {
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 9));
  const stack = await startStack(t, {
    clock,
    env: {
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      OTP_RATE_LIMIT_PER_MINUTE: '1000',
      REGISTER_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '5000',
    },
  });
  return { stack, clock };
}

const smsCode = (client: TestClient) => client.post('/api/Member/SendOtpCode', { userId: VICTIM, otpVerifyType: 2 });

/** The attacker's registration, then the victim's way back in: forgot password, a new activation link. */
async function victimActivates(t: Test, stack: Stack, victim: TestClient) {
  t.equal((await victim.post('/api/Member/ForgotPwd', { userId: VICTIM })).body.code, 'mustactivate');
  t.equal((await victim.post('/api/Member/Reactivate', { userId: VICTIM })).body.code, 'ok');
  const link = await activationLinkFor(stack.dataDir, VICTIM, 2);
  t.equal(
    (await victim.post('/api/Member/Activate', { userId: link!.userId, token: link!.token })).body.code,
    'ok',
    'the mailbox owner activates',
  );
}

/** Forgot password, the mailed link, a new password. */
async function victimResets(t: Test, stack: Stack, victim: TestClient, mailsBefore: number) {
  t.equal((await victim.post('/api/Member/ForgotPwd', { userId: VICTIM })).body.code, 'ok');
  const url = findLink(await waitForMail(stack.dataDir, VICTIM, { count: mailsBefore + 1 }), '/auth/verify-email/')!;
  const [, token, userId] = /\/auth\/verify-email\/([^/]+)\/([^/?#]+)$/.exec(url)!;
  const reset = await victim.post('/api/Member/ResetPwdUnAuth', {
    userId: decodeURIComponent(userId!),
    token: decodeURIComponent(token!),
    password: VICTIM_PASSWORD,
    confirmPassword: VICTIM_PASSWORD,
  });
  t.equal(reset.body.code, 'ok', 'the mailbox owner sets a password of her own');
}

t.test("the registrant's phone never gets a sign-in code: not before activation, not after", async (t) => {
  const { stack } = await stackWithClock(t);
  const attacker = createClient(stack.bffUrl);
  const registered = await attacker.post(
    '/api/Member/Register',
    validRegistration(VICTIM, { password: ATTACKER_PASSWORD, confirmPassword: ATTACKER_PASSWORD, ...ATTACKER_MOBILE }),
  );
  t.equal(registered.body.code, 'ok', 'the attacker registers the victim address with his password and his mobile');
  t.same(
    (await smsCode(createClient(stack.bffUrl))).body,
    { isSuccess: true, code: 'ok', data: { showSendCode: true, remainingSeconds: 180 } },
    'no code before activation',
  );

  await victimActivates(t, stack, createClient(stack.bffUrl));
  t.same(
    (await smsCode(createClient(stack.bffUrl))).body,
    { isSuccess: true, code: 'ok', data: { showSendCode: true, remainingSeconds: 180 } },
    'nor after: the number was never proven',
  );
  await stack.apps.memberService.background.drain();
  t.same(await textMessagesTo(stack.dataDir, ATTACKER_NUMBER), [], 'not one text to the attacker');
});

t.test("the registrant's password gets him nowhere after the owner's activation, and the reset replaces it", async (t) => {
  const { stack, clock } = await stackWithClock(t);
  const attacker = createClient(stack.bffUrl);
  await attacker.post(
    '/api/Member/Register',
    validRegistration(VICTIM, { password: ATTACKER_PASSWORD, confirmPassword: ATTACKER_PASSWORD, ...ATTACKER_MOBILE }),
  );
  const victim = createClient(stack.bffUrl);
  await victimActivates(t, stack, victim);

  t.equal(
    (await attacker.post('/api/Member/Login', { userId: VICTIM, password: ATTACKER_PASSWORD })).body.code,
    'confirmbycode',
    'activated in another browser, the password chosen at registration needs the mailbox as well',
  );
  t.equal((await attacker.post('/api/Member/SendPhoneProofCode', {})).status, 401, 'so he cannot prove his phone');

  await victimResets(t, stack, victim, 2);
  clock.advance(181_000);
  t.equal(
    (await attacker.post('/api/Member/Login', { userId: VICTIM, password: ATTACKER_PASSWORD })).body.code,
    'AccountOrPwdFail',
    'his password is gone',
  );
  t.same(await textMessagesTo(stack.dataDir, ATTACKER_NUMBER), [], 'not one text to his phone');

  const owner = createClient(stack.bffUrl);
  t.equal(
    (await owner.post('/api/Member/Login', { userId: VICTIM, password: VICTIM_PASSWORD })).body.code,
    'ok',
    'the owner signs in with the password she set through the mailbox, without a code',
  );
  t.equal((await owner.get('/api/member')).body.data.mobileVerified, false, 'and sees the number as not verified');
});
