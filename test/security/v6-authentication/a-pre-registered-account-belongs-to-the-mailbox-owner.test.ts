import t, { type Test } from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { activationLinkFor, createClient, startStack, validRegistration, type Stack, type TestClient } from '../../helper.ts';
import { readOutbox } from '../../helpers/outbox.ts';

/**
 * Account pre-hijacking by password (ASVS V6): an attacker registers the victim's address with
 * his own password before she does. Whoever proves the mailbox from another browser than the one
 * that registered may not be the one who chose the password, so that password signs in only
 * together with a code from the mailbox, entered in the same browser session, once. The
 * registrant who activates in the browser he registered in is not asked; re-registering an
 * address nobody activated replaces the pending registration and its links.
 */
const VICTIM = 'victim@example.com';
const ATTACKER_PASSWORD = 'Mallory2024x';
const VICTIM_PASSWORD = 'Victoria1999';

const clock = new ManualClock(Date.UTC(2026, 2, 1, 9));

async function stack(t: Test) {
  return startStack(t, {
    clock,
    env: {
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      OTP_RATE_LIMIT_PER_MINUTE: '1000',
      REGISTER_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '5000',
    },
  });
}

const register = (client: TestClient, password: string) =>
  client.post('/api/Member/Register', validRegistration(VICTIM, { password, confirmPassword: password }));

/** The newest sign-in code mailed to the address, waiting for the `count`th mail with one. */
async function mailedCode(stack: Stack, count: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const codes = (await readOutbox(stack.dataDir))
      .filter((m) => m.to === VICTIM && m.subject === 'Your sign-in code')
      .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? '');
    if (codes.length >= count) return codes[codes.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no sign-in code #${count} to ${VICTIM}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function activate(stack: Stack, client: TestClient, count: number) {
  const link = await activationLinkFor(stack.dataDir, VICTIM, count);
  return (await client.post('/api/Member/Activate', { userId: link!.userId, token: link!.token })).body.code;
}

t.test("the reviewer's journey: the victim takes the address back by mail, the attacker's password is not enough", async (t) => {
  const s = await stack(t);
  const attacker = createClient(s.bffUrl);
  t.equal((await register(attacker, ATTACKER_PASSWORD)).body.code, 'ok', 'the attacker registers the victim address with his password');

  const victim = createClient(s.bffUrl);
  t.equal((await victim.post('/api/Member/ForgotPwd', { userId: VICTIM })).body.code, 'mustactivate');
  t.equal((await victim.post('/api/Member/Reactivate', { userId: VICTIM })).body.code, 'ok');
  t.equal(await activate(s, victim, 2), 'ok', 'the victim activates by the mailed link');
  t.equal((await victim.post('/api/Member/SendOtpCode', { userId: VICTIM, otpVerifyType: 1 })).body.code, 'ok');
  const signedIn = await victim.post('/api/Member/otpVerify', { userId: VICTIM, code: await mailedCode(s, 1), otpVerifyType: 1 });
  t.equal(signedIn.body.code, 'ok', 'and signs in by e-mail code');

  const attempt = await attacker.post('/api/Member/Login', { userId: VICTIM, password: ATTACKER_PASSWORD });
  t.equal(attempt.body.code, 'confirmbycode', "the attacker's password asks for the mailbox's code");
  t.equal((await attacker.get('/api/member')).status, 401, 'and opens no session');
  clock.advance(181_000);
  t.equal((await attacker.post('/api/Member/SendOtpCode', { userId: VICTIM, otpVerifyType: 1 })).body.code, 'ok');
  const guessed = await attacker.post('/api/Member/otpVerify', { userId: VICTIM, code: '000000', otpVerifyType: 1 });
  t.not(guessed.body.code, 'ok', 'a guessed code does not do');
  t.equal((await attacker.get('/api/member')).status, 401);

  // The code the attacker had sent is in the victim's mailbox: she signs in with it, in her own browser.
  const again = createClient(s.bffUrl);
  const code = await mailedCode(s, 2);
  t.equal((await again.post('/api/Member/otpVerify', { userId: VICTIM, code, otpVerifyType: 1 })).body.code, 'ok');
  t.equal(
    (await createClient(s.bffUrl).post('/api/Member/Login', { userId: VICTIM, password: ATTACKER_PASSWORD })).body.code,
    'confirmbycode',
    "her code sign-in in another browser did not confirm the attacker's password",
  );
});

t.test('re-registering an address nobody activated replaces the pending registration and voids its links', async (t) => {
  const s = await stack(t);
  const attacker = createClient(s.bffUrl);
  t.equal((await register(attacker, ATTACKER_PASSWORD)).body.code, 'ok');
  const firstLink = await activationLinkFor(s.dataDir, VICTIM, 1);
  const victim = createClient(s.bffUrl);
  t.same((await victim.post('/api/Member/IsExist', { email: VICTIM })).body.data, { isExist: false }, 'the address is free to register');
  t.equal((await register(victim, VICTIM_PASSWORD)).body.code, 'ok', 'the victim registers instead of hearing EmailExists');

  await activationLinkFor(s.dataDir, VICTIM, 2);
  t.equal(
    (await attacker.post('/api/Member/Activate', { userId: firstLink!.userId, token: firstLink!.token })).body.code,
    'unauthorized',
    'the first registration’s link is void',
  );
  t.equal(await activate(s, victim, 2), 'ok', 'the new one works');
  t.equal(
    (await attacker.post('/api/Member/Login', { userId: VICTIM, password: ATTACKER_PASSWORD })).body.code,
    'AccountOrPwdFail',
    "the attacker's password is gone",
  );
  t.equal(
    (await victim.post('/api/Member/Login', { userId: VICTIM, password: VICTIM_PASSWORD })).body.code,
    'ok',
    'activated in the browser that registered, her password signs in at once',
  );
  t.equal((await victim.post('/api/Member/Register', validRegistration(VICTIM))).body.code, 'EmailExists', 'an activated address is taken');
});

t.test('a registrant who activates in another browser confirms his password with one mailed code', async (t) => {
  const s = await stack(t);
  t.equal((await register(createClient(s.bffUrl), VICTIM_PASSWORD)).body.code, 'ok');
  t.equal(await activate(s, createClient(s.bffUrl), 1), 'ok', 'activated on the phone, registered on the laptop');

  const browser = createClient(s.bffUrl);
  t.equal((await browser.post('/api/Member/Login', { userId: VICTIM, password: VICTIM_PASSWORD })).body.code, 'confirmbycode');
  t.equal((await browser.post('/api/Member/SendOtpCode', { userId: VICTIM, otpVerifyType: 1 })).body.code, 'ok');
  const confirmed = await browser.post('/api/Member/otpVerify', { userId: VICTIM, code: await mailedCode(s, 1), otpVerifyType: 1 });
  t.equal(confirmed.body.code, 'ok', 'the code entered in the same session signs in');
  t.equal(
    (await createClient(s.bffUrl).post('/api/Member/Login', { userId: VICTIM, password: VICTIM_PASSWORD })).body.code,
    'ok',
    'and the password is confirmed for good',
  );
});
