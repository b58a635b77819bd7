import t, { type Test } from 'tap';
import { hashToken, randomToken } from '../../../server/member-service/security/tokens.ts';
import { otpCodeHasher } from '../../../server/member-service/sign-in/otp-code.ts';
import {
  activationLinkFor,
  createActiveMember,
  createClient,
  signIn,
  startStack,
  type TestClient,
  validRegistration,
} from '../../helper.ts';
import { findLink, readOutbox, waitForMail } from '../../helpers/outbox.ts';
import { latestCodeTo, textMessagesTo } from '../../helpers/text-messages.ts';
import { databaseEngines } from '../../member-service/engines.ts';
import { linkParts, PASSWORD, register } from '../../member-service/service.ts';
import { type SignInService, startSignInService } from '../../member-service/sign-in-fixtures.ts';

/**
 * An address or number nobody has proven gets nothing: mailbox proof drops what an unverified
 * registrant set, mails to it carry no registrant's name, and phone codes tell nothing about who
 * has a phone.
 */

t.test('mailbox proof drops what an unverified registrant set', async (t) => {
  /**
   * Following an activation or reset link proves the mailbox; whoever registered the address
   * before proved nothing. Whatever such a registrant set or holds (a phone proof, a social
   * account, member tokens, tickets, codes) stops working at that moment (ASVS V6, account
   * pre-hijacking). A signed-in password change, which proves no mailbox, keeps only what was
   * added before the member's own last sign-in (store/ways-in.ts).
   */
  const MOBILE = {
    mobileCountryCode: '49',
    mobile: '15111111111',
    telNo: '',
    telAreacode: '',
    telCountryCode: '',
    country: 'Germany',
    state: '',
  };
  const NUMBER = '+4915111111111';

  /** A live member token, an unused ticket of it and an open sign-in code for the member, as a registrant might hold them. */
  async function plantAccess(service: SignInService, email: string) {
    const member = (await service.store.members.findByEmail(email))!;
    const now = Date.now();
    const token = randomToken();
    await service.store.sessions.create(member.id, hashToken(token), now, now + 3_600_000);
    const ticket = randomToken();
    await service.store.tickets.issue({
      memberId: member.id,
      sessionTokenHash: hashToken(token),
      purpose: 'sso',
      ticketHash: hashToken(ticket),
      now,
      expiresAt: now + 300_000,
    });
    const codeHash = otpCodeHasher(service.config.passwordEncodingKey)(member.id, 'login', '424242');
    await service.store.otpCodes.issue({ memberId: member.id, flow: 'login', channel: 2, codeHash, now, expiresAt: now + 600_000 });
    await service.setMember(email, { proven_mobile: NUMBER });
    return { publicId: member.public_id, token, ticket, code: '424242' };
  }

  async function assertAccessGone(t: Test, service: SignInService, email: string, held: Awaited<ReturnType<typeof plantAccess>>) {
    t.equal((await service.call('GET', '/api/Member/IsLogin', { token: held.token })).status, 401, 'the member token is revoked');
    t.equal(
      (await service.call('POST', '/api/Member/CheckGoToProfile', { body: { memberId: held.publicId, tempId: held.ticket } })).body.code,
      'TempIdInValid',
      'the ticket is void',
    );
    t.equal(
      (await service.call('POST', '/api/Member/otpVerify', { body: { userId: email, code: held.code } })).body.code,
      'CodeNoLongerValid',
      'the code is void',
    );
    t.same(
      (await service.call('POST', '/api/Member/SendOtpCode', { body: { userId: email, otpVerifyType: 2 } })).body,
      { isSuccess: true, code: 'ok', data: { showSendCode: true } },
      'the phone proof is gone',
    );
  }

  /** The reset link among the member's mails (the connected-account and password-changed notices come too). */
  async function resetLinkTo(dataDir: string, email: string): Promise<string> {
    for (let tries = 0; tries < 200; tries += 1) {
      const link = (await readOutbox(dataDir))
        .filter((mail) => mail.to === email)
        .map((mail) => findLink(mail, '/auth/verify-email/'))
        .find((found) => found !== undefined);
      if (link) return link;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no reset link to ${email}`);
  }

  const socialLogin = (service: SignInService, path: string, id: string) => service.call('POST', `/api/Member/${path}`, { body: { id } });

  for (const engine of databaseEngines(t)) {
    t.test(
      `activation: the registrant's phone proof, foreign social account, tokens, tickets and codes go (${engine.name})`,
      { skip: engine.skip },
      async (t) => {
        const service = await startSignInService(t, { databaseUrl: await engine.databaseUrl() });
        const email = 'victim@example.com';
        await register(service, {
          email,
          userId: email,
          ...MOBILE,
          memberSocial: { socialType: 1, socialId: 'g-mallory', socialEmail: 'mallory@evil.example', socialName: 'Mallory' },
        });
        const held = await plantAccess(service, email);
        t.equal(
          (await socialLogin(service, 'GoogleLogin', 'g-mallory')).body.code,
          'mustactivate',
          "the registrant's Google account is linked",
        );

        const { token, publicId } = linkParts(findLink(await waitForMail(service.dataDir, email), /activate-member/)!);
        t.equal(
          (await service.call('POST', '/api/Member/Activate', { body: { userId: publicId, token, registrantEmail: email } })).body.code,
          'ok',
        );

        await assertAccessGone(t, service, email, held);
        t.equal(
          (await socialLogin(service, 'GoogleLogin', 'g-mallory')).body.code,
          'notfound',
          'a social account that does not carry the proven address is unlinked',
        );
        const signedIn = await service.login(email);
        t.equal(signedIn.body.code, 'ok', "the registrant's password stays: the mailbox owner who registered signs in with it");
        t.same((await service.call('GET', '/api/Member', { token: signedIn.body.data.token })).body.data.socialData, []);

        const own = 'sam@example.org';
        await register(service, {
          email: own,
          userId: own,
          password: undefined,
          confirmPassword: undefined,
          memberSocial: { socialType: 3, socialId: 'li-sam', socialEmail: 'Sam@Example.org', socialName: 'Sam' },
        });
        const link = linkParts(findLink(await waitForMail(service.dataDir, own), /activate-member/)!);
        await service.call('POST', '/api/Member/Activate', { body: { userId: link.publicId, token: link.token, registrantEmail: own } });
        t.equal(
          (await socialLogin(service, 'LinkedinLogin', 'li-sam')).body.code,
          'ok',
          'a social sign-up whose provider account carries the proven address keeps its link',
        );
      },
    );

    t.test(
      `reset link: the password is replaced and the same goes; a signed-in change keeps what came before the own sign-in (${engine.name})`,
      { skip: engine.skip },
      async (t) => {
        const service = await startSignInService(t, { databaseUrl: await engine.databaseUrl() });
        const email = 'ada@example.com';
        await service.activeMember(email, MOBILE);
        const session = (await service.login(email)).body.data.token as string;
        const connect = (socialType: number, socialId: string, socialEmail: string) =>
          service.call('POST', '/api/Member/SocialConnect', {
            token: session,
            body: { isConnect: true, socialType, socialId, socialEmail, socialName: 'Someone' },
          });
        t.equal((await connect(3, 'li-other', 'someone@else.example')).body.code, 'ok');
        await service.setMember(email, { proven_mobile: NUMBER, proven_mobile_at: Date.now() });

        const changed = await service.call('POST', '/api/Member/ResetPwd', {
          token: session,
          body: { currentPassword: service.encode(PASSWORD), newPassword: service.encode('Changed123!') },
        });
        t.equal(changed.body.code, 'ok', 'a signed-in change, which proves no mailbox, keeps the session ...');
        t.equal(
          (await service.call('GET', '/api/Member', { token: session })).body.data.mobileVerified,
          false,
          '... but removes the phone proof added since the member last signed in herself',
        );
        t.equal((await socialLogin(service, 'LinkedinLogin', 'li-other')).body.code, 'notfound', '... and the social accounts');

        t.equal((await connect(3, 'li-other', 'someone@else.example')).body.code, 'ok');
        t.equal((await connect(1, 'g-ada', 'ada@example.com')).body.code, 'ok');
        const held = await plantAccess(service, email);

        await service.call('POST', '/api/Member/ForgotPwd', { body: { userId: email } });
        await service.app.background.drain();
        const url = await resetLinkTo(service.dataDir, email);
        const [, resetToken, userId] = /\/auth\/verify-email\/([^/]+)\/([^/?#]+)$/.exec(url)!;
        const fresh = (await service.login(email, 'Changed123!')).body.data.token as string;
        const reset = await service.call('POST', '/api/Member/ResetPwdUnAuth', {
          body: { userId, token: resetToken, password: service.encode('Another123!') },
        });
        t.equal(reset.body.code, 'ok');

        await assertAccessGone(t, service, email, held);
        t.equal((await service.call('GET', '/api/Member/IsLogin', { token: fresh })).status, 401, 'every session ends');
        t.equal(
          (await socialLogin(service, 'LinkedinLogin', 'li-other')).body.code,
          'notfound',
          'a social account with another address is unlinked',
        );
        t.equal((await socialLogin(service, 'GoogleLogin', 'g-ada')).body.code, 'ok', 'one that carries the proven address stays');
        t.equal((await service.login(email, 'Changed123!')).body.code, 'AccountOrPwdFail', 'the earlier password is gone');
        t.equal((await service.login(email, 'Another123!')).body.code, 'ok');
      },
    );
  }
});

t.test('mails to an unproven address carry no registrant name', async (t) => {
  /**
   * Whoever registers an address chooses the name, and until the address is proven that may be
   * anyone: a mail to an address nobody has proven greets without the registrant's name, so an
   * attacker cannot mail his own words to any mailbox from the portal's address. Once the mailbox
   * owner has proven it, mails greet the member by name again.
   */
  const VICTIM = 'named-by-someone-else@example.com';
  const FIRST = 'Security alert:';
  const LAST = 'verify at evil.example now';

  t.test('the verification mail to a new address greets without the name the registrant typed', async (t) => {
    const stack = await startStack(t, { env: { REGISTER_RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '5000' } });
    const attacker = createClient(stack.bffUrl);
    const registered = await attacker.post('/api/Member/Register', validRegistration(VICTIM, { firstName: FIRST, lastName: LAST }));
    t.equal(registered.body.code, 'ok');

    const mail = await waitForMail(stack.dataDir, VICTIM);
    t.notMatch(mail.text, /Security alert|evil\.example/, 'not in the text part');
    t.notMatch(mail.html, /Security alert|evil\.example/, 'not in the HTML part');
    t.match(mail.text, /^Welcome,$/m, 'the mail greets without a name');

    t.equal((await attacker.post('/api/Member/Reactivate', { userId: VICTIM })).body.code, 'ok');
    const again = await waitForMail(stack.dataDir, VICTIM, { count: 2 });
    t.notMatch(again.text, /Security alert|evil\.example/, 'nor a verification mail asked for again');

    const link = await activationLinkFor(stack.dataDir, VICTIM, 2);
    t.equal((await createClient(stack.bffUrl).post('/api/Member/Activate', { userId: link!.userId, token: link!.token })).body.code, 'ok');
    t.equal((await createClient(stack.bffUrl).post('/api/Member/ForgotPwd', { userId: VICTIM })).body.code, 'ok');
    const afterProof = await waitForMail(stack.dataDir, VICTIM, { count: 3 });
    t.match(
      afterProof.text,
      /^Hello Security alert: verify at evil\.example now,$/m,
      'a proven address is greeted by the name on the account',
    );
    t.equal((await readOutbox(stack.dataDir)).length, 3);
  });
});

t.test('phone codes tell nothing about who has a phone', async (t) => {
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
});
