import t, { type Test } from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { SocialType } from '../../../shared/enums.ts';
import { LANGUAGES } from '../../../shared/languages.ts';
import { activationLinkFor, createClient, freePort, type Stack, startStack, type TestClient, validRegistration } from '../../helper.ts';
import { startGraphApi } from '../../helpers/graph-api.ts';
import { startOidcProvider } from '../../helpers/oidc-provider.ts';
import { findLink, readOutbox, waitForMail } from '../../helpers/outbox.ts';
import { textMessagesTo } from '../../helpers/text-messages.ts';

/**
 * Pre-registration: whoever registers someone else's address first gains nothing; the mailbox's
 * owner (by mail or by a provider that verified the address) takes the account back.
 */

t.test('a pre registered password needs the mailbox once someone else activates', async (t) => {
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
    t.equal(
      (await victim.post('/api/Member/Register', validRegistration(VICTIM))).body.code,
      'EmailExists',
      'an activated address is taken',
    );
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
});

t.test('pre registered account is taken back by the mailbox owner', async (t) => {
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
});

t.test('provider addresses count only when the provider verified them', async (t) => {
  /**
   * Account pre-hijacking through a provider address (ASVS V6): anyone can put the victim's address
   * on a provider account the provider never checked. A social sign-up with it must not leave the
   * attacker's provider account linked once the real owner proves the mailbox; only an address the
   * provider vouches for (`email_verified: true` from Google or LinkedIn) counts as the member's.
   * Facebook vouches for none.
   */
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const redirectUris = LANGUAGES.map((lang) => `${origin}/${lang}/social-login`);
  const google = await startOidcProvider(t, redirectUris);
  const linkedin = await startOidcProvider(t, redirectUris);
  const facebook = await startGraphApi(t);
  const stack = await startStack(t, {
    env: {
      PORT: String(port),
      PUBLIC_ORIGIN: origin,
      ...google.env('GOOGLE'),
      ...linkedin.env('LINKEDIN'),
      ...facebook.env(),
      REGISTER_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '5000',
    },
  });

  const LOGIN_PATH = {
    [SocialType.Google]: '/api/Member/GoogleLogin',
    [SocialType.Facebook]: '/api/Member/FbLogin',
    [SocialType.LinkedIn]: '/api/Member/LinkedinLogin',
  };

  async function providerSignIn(client: TestClient, socialType: 1 | 2 | 3) {
    const started = await client.post('/api/Member/SocialAuthorize', { socialType, origin: 'login', lang: 'en' });
    const provider = socialType === SocialType.Google ? google : socialType === SocialType.LinkedIn ? linkedin : facebook;
    const back = await provider.authorize(started.body.data.authorizationUrl);
    return client.post(LOGIN_PATH[socialType], { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
  }

  /** The attacker signs up with his provider account claiming `victim`; the victim then takes the address back by mail. */
  async function preRegisterAndTakeBack(t: Test, victim: string, socialType: 1 | 2 | 3) {
    const attacker = createClient(stack.bffUrl);
    t.equal((await providerSignIn(attacker, socialType)).body.code, 'notfound', 'the provider account is new to the portal');
    const { password: _p, confirmPassword: _c, ...socialSignUp } = validRegistration(victim);
    t.equal((await attacker.post('/api/Member/Register', socialSignUp)).body.code, 'ok', 'the attacker signs up with it');

    const owner = createClient(stack.bffUrl);
    t.equal((await owner.post('/api/Member/ForgotPwd', { userId: victim })).body.code, 'mustactivate');
    t.equal((await owner.post('/api/Member/Reactivate', { userId: victim })).body.code, 'ok');
    const link = await activationLinkFor(stack.dataDir, victim, 2);
    t.equal(
      (await owner.post('/api/Member/Activate', { userId: link!.userId, token: link!.token })).body.code,
      'ok',
      'the owner activates',
    );
    return providerSignIn(createClient(stack.bffUrl), socialType);
  }

  t.test('Google: an address the provider did not verify loses the link at the owner’s mailbox proof', async (t) => {
    google.signInAs({ sub: 'g-mallory', email: 'victim.g@example.com', name: 'Mallory', emailVerified: false });
    const after = await preRegisterAndTakeBack(t, 'victim.g@example.com', SocialType.Google);
    t.equal(after.body.code, 'notfound', "the attacker's Google account no longer opens the account");
  });

  t.test('LinkedIn: the same', async (t) => {
    linkedin.signInAs({ sub: 'li-mallory', email: 'victim.li@example.com', name: 'Mallory', emailVerified: false });
    const after = await preRegisterAndTakeBack(t, 'victim.li@example.com', SocialType.LinkedIn);
    t.equal(after.body.code, 'notfound');
  });

  t.test('Facebook: its address is never taken as verified', async (t) => {
    facebook.signInAs({ id: 'fb-mallory', email: 'victim.fb@example.com', name: 'Mallory' });
    const after = await preRegisterAndTakeBack(t, 'victim.fb@example.com', SocialType.Facebook);
    t.equal(after.body.code, 'notfound');
  });

  t.test('an address the provider verified is the member’s own: the link stays', async (t) => {
    google.signInAs({ sub: 'g-owner', email: 'owner.g@example.com', name: 'Owner', emailVerified: true });
    const after = await preRegisterAndTakeBack(t, 'owner.g@example.com', SocialType.Google);
    t.equal(after.body.code, 'ok', 'whoever holds that provider account holds the mailbox too');
  });
});
