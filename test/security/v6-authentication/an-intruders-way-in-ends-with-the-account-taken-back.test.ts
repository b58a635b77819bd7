import t, { type Test } from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { SocialType } from '../../../shared/enums.ts';
import { LANGUAGES } from '../../../shared/languages.ts';
import { SITE_KEY, startSignInStack } from '../../bff/sign-in-fixtures.ts';
import { createActiveMember, createClient, freePort, signIn, type Stack, startStack, type TestClient } from '../../helper.ts';
import { type LocalOidcProvider, startOidcProvider } from '../../helpers/oidc-provider.ts';
import { findLink, type ParsedMail, readOutbox } from '../../helpers/outbox.ts';
import { SoftwareAuthenticator } from '../../helpers/software-authenticator.ts';
import { latestCodeTo } from '../../helpers/text-messages.ts';

/**
 * An intruder's password, session or passkey ends when the member answers "This wasn't me" and
 * changes the password.
 */

t.test('an intruders way in ends with this wasnt me and a password change', async (t) => {
  /**
   * A provider account connected to the member's account is a way in: an intruder with a session
   * of the member (one left open, one he signed in himself) connects his own Google account to
   * come back later. The member hears of it by mail, with a "This wasn't me" link; that link, and
   * a password change made while signed in, remove every way in (provider links, passkeys, the
   * proven phone) added since the member's own last sign-in (password or e-mail code), while the
   * ways the member had added before stay.
   */
  const MEMBER_MOBILE = '+4915123456789';

  async function setUp(t: Test) {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const redirectUris = LANGUAGES.map((lang) => `${origin}/${lang}/social-login`);
    const google = await startOidcProvider(t, redirectUris);
    const linkedin = await startOidcProvider(t, redirectUris);
    const clock = new ManualClock(Date.UTC(2026, 2, 1, 9));
    const stack = await startStack(t, {
      clock,
      env: {
        PORT: String(port),
        PUBLIC_ORIGIN: origin,
        ...google.env('GOOGLE'),
        ...linkedin.env('LINKEDIN'),
        RATE_LIMIT_PER_MINUTE: '5000',
      },
    });
    return { stack, clock, google, linkedin };
  }

  async function connect(client: TestClient, provider: LocalOidcProvider, socialType: number, sub: string) {
    provider.signInAs({ sub, email: `${sub}@example.com`, name: sub });
    const started = await client.post('/api/Member/SocialAuthorize', { socialType, origin: 'connect', lang: 'en' });
    const back = await provider.authorize(started.body.data.authorizationUrl);
    const verified = await client.post('/api/Member/SocialVerify', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    if (verified.body.code !== 'ok') throw new Error(`SocialVerify: ${verified.text}`);
    return client.post('/api/Member/SocialConnect', { socialType, isConnect: true });
  }

  async function providerSignIn(stack: Stack, provider: LocalOidcProvider, sub: string, client = createClient(stack.bffUrl)) {
    provider.signInAs({ sub, email: `${sub}@example.com`, name: sub });
    const started = await client.post('/api/Member/SocialAuthorize', { socialType: SocialType.Google, origin: 'login', lang: 'en' });
    const back = await provider.authorize(started.body.data.authorizationUrl);
    const reply = await client.post('/api/Member/GoogleLogin', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    return { client, code: reply.body.code as string };
  }

  async function mailWithSubject(stack: Stack, to: string, subject: string): Promise<ParsedMail> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = (await readOutbox(stack.dataDir)).find((m) => m.to === to && m.subject === subject);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const linkedTypes = async (client: TestClient) =>
    ((await client.get('/api/Member')).body.data.socialData as Array<{ socialType: number }>).map((s) => s.socialType).sort();

  t.test("the connect mail's \"This wasn't me\" removes the intruder's link and keeps the member's own", async (t) => {
    const { stack, clock, google, linkedin } = await setUp(t);
    const member = await createActiveMember(stack);
    const earlier = await signIn(stack, member);
    t.equal((await connect(earlier, linkedin, SocialType.LinkedIn, 'li-owner')).body.code, 'ok', 'the member connects her own LinkedIn');
    clock.advance(60_000);

    const leftOpen = await signIn(stack, member);
    clock.advance(60_000);
    t.equal((await connect(leftOpen, google, SocialType.Google, 'g-intruder')).body.code, 'ok', 'an intruder connects his Google account');
    clock.advance(60_000);
    const intruder = await providerSignIn(stack, google, 'g-intruder');
    t.equal(intruder.code, 'ok', 'and signs in with it as the member');

    const mail = await mailWithSubject(stack, member.email, 'Google was connected to your account');
    t.match(mail.text, /This wasn't me/);
    const link = findLink(mail, '/not-me/');
    t.ok(link, 'the mail carries a "This wasn\'t me" link');
    const [, , , eventId = '', token = ''] = new URL(link!).pathname.split('/').map(decodeURIComponent);
    const anonymous = createClient(stack.bffUrl);
    t.equal((await anonymous.post('/api/Member/SecurityEvents/NotMe', { eventId, token })).body.code, 'ok', 'the member disowns it');

    t.equal((await intruder.client.get('/api/member')).status, 401, "the intruder's session has ended");
    t.equal((await providerSignIn(stack, google, 'g-intruder')).code, 'notfound', 'his Google account no longer opens the account');
    const owner = await signIn(stack, member);
    t.same(await linkedTypes(owner), [SocialType.LinkedIn], 'the LinkedIn account the member connected before her last sign-in stays');
    t.equal((await anonymous.post('/api/Member/SecurityEvents/NotMe', { eventId, token })).status, 404, 'the link works once');
  });

  t.test('a signed-in password change removes the ways in added since the member last signed in herself', async (t) => {
    const { stack, clock, google } = await setUp(t);
    const member = await createActiveMember(stack);
    const leftOpen = await signIn(stack, member);
    clock.advance(60_000);
    t.equal((await connect(leftOpen, google, SocialType.Google, 'g-intruder')).body.code, 'ok', 'an intruder connects his Google account');
    t.equal((await leftOpen.post('/api/Member/SendPhoneProofCode', {})).body.code, 'ok');
    const proof = await latestCodeTo(stack.dataDir, MEMBER_MOBILE);
    t.equal(
      (await leftOpen.post('/api/Member/ConfirmPhoneProof', { code: proof })).body.code,
      'ok',
      'and proves the phone number on the account',
    );
    clock.advance(60_000);

    const owner = await signIn(stack, member);
    const changed = await owner.post('/api/Member/ResetPwd', {
      currentPassword: member.password,
      newPassword: 'Hopper-1906x',
      confirmPassword: 'Hopper-1906x',
    });
    t.equal(changed.body.code, 'ok', 'the member changes her password');

    t.equal((await providerSignIn(stack, google, 'g-intruder')).code, 'notfound', "the intruder's Google account is gone");
    t.same(await linkedTypes(owner), [], 'no provider account is left');
    t.equal((await owner.get('/api/member')).body.data.mobileVerified, false, 'the phone proof is gone');
    t.same((await owner.get('/api/Member/IsLogin')).body.data, { isLogin: true }, 'the session that changed it goes on');
  });
});

t.test('an intruders passkey ends with the account taken back', async (t) => {
  /**
   * ASVS 6.3.7 / 7.4: a passkey is a way in that needs no password, so an intruder who got into an
   * account would add one to stay. Taking the account back ("This wasn't me", a reset link) must
   * remove it, and a company-site ticket, which the site held and not the member, is no proof
   * fresh enough to add one.
   */
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const { stack, member, login } = await startSignInStack(t, { env: { PORT: String(port), PUBLIC_ORIGIN: origin } });

  async function addPasskey(client: TestClient, key: SoftwareAuthenticator) {
    const options = await client.post('/api/Member/Passkey/RegisterOptions');
    if (options.body.code !== 'ok') return options.body.code as string;
    return (await client.post('/api/Member/Passkey/Register', { credential: key.register(options.body.data), name: 'Mine now' })).body
      .code as string;
  }

  async function passkeySignIn(key: SoftwareAuthenticator) {
    const browser = createClient(stack.bffUrl);
    const options = await browser.post('/api/Member/Passkey/LoginOptions');
    return (await browser.post('/api/Member/Passkey/Login', { credential: key.assert(options.body.data) })).body.code as string;
  }

  /** The reset link mailed to the address (other mails to it, about the passkey, may come before or after it). */
  async function resetLinkTo(email: string): Promise<string> {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const link = (await readOutbox(stack.dataDir))
        .map((mail) => mail.to === email && findLink(mail, '/auth/verify-email/'))
        .find(Boolean);
      if (link) return link;
    }
    throw new Error(`no reset link to ${email}`);
  }

  /** The intruder signs in with the stolen password and adds a passkey of his own. */
  async function intruderStays(t: Test, email: string) {
    const intruder = createClient(stack.bffUrl);
    t.equal((await login(intruder, email)).body.code, 'ok', 'the intruder signs in with the password');
    const key = new SoftwareAuthenticator(origin);
    t.equal(await addPasskey(intruder, key), 'ok', 'and adds a passkey of his own');
    t.equal(await passkeySignIn(key), 'ok', 'which signs in');
    return key;
  }

  t.test("This wasn't me on the passkey's own event removes it", async (t) => {
    const ada = await member();
    const key = await intruderStays(t, ada.email);
    const owner = createClient(stack.bffUrl);
    await login(owner, ada.email);
    const events = (await owner.get('/api/Member/SecurityEvents')).body.data.events as Array<{ id: string; type: string }>;
    const added = events.find((event) => event.type === 'passkeyAdded')!;
    t.equal((await owner.post('/api/Member/SecurityEvents/NotMe', { eventId: added.id })).body.code, 'ok');

    t.equal(await passkeySignIn(key), 'PasskeyNotAccepted', 'the passkey no longer signs in');
    const again = createClient(stack.bffUrl);
    await login(again, ada.email);
    t.same((await again.get('/api/Member/Passkeys')).body.data.passkeys, [], 'nor is it listed');
  });

  t.test('a reset link removes it', async (t) => {
    const ada = await member();
    const key = await intruderStays(t, ada.email);
    const owner = createClient(stack.bffUrl);
    t.equal((await owner.post('/api/Member/ForgotPwd', { userId: ada.email })).body.code, 'ok');
    const url = await resetLinkTo(ada.email);
    const [, token, userId] = /\/auth\/verify-email\/([^/]+)\/([^/?#]+)$/.exec(url)!;
    const password = 'Reclaimed2026x';
    const reset = await owner.post('/api/Member/ResetPwdUnAuth', {
      userId: decodeURIComponent(userId!),
      token: decodeURIComponent(token!),
      password,
      confirmPassword: password,
    });
    t.equal(reset.body.code, 'ok', 'the owner sets a new password through the mailbox');
    t.equal(await passkeySignIn(key), 'PasskeyNotAccepted', "the intruder's passkey no longer signs in");
  });

  t.test('a company-site ticket is no proof for adding a passkey; the password is', async (t) => {
    const ada = await member({ preferring: 0 });
    const signedIn = await login(createClient(stack.bffUrl), ada.email, undefined, 'https://shop.example/welcome');
    const shop = createClient(stack.bffUrl);
    const redeemed = await shop.post(
      '/api/Member/CheckGoToProfile',
      { memberId: signedIn.body.data.id, tempId: signedIn.body.data.tempId },
      { headers: { authorization: `Bearer ${SITE_KEY}` } },
    );
    t.equal(redeemed.body.code, 'ok', 'the shop redeems the sign-in ticket and gets a referer ticket');

    const byTicket = createClient(stack.bffUrl);
    t.equal((await byTicket.post('/api/Member/RefererLogin', { id: ada.publicId, tempId: redeemed.body.data.tempId })).body.code, 'ok');
    t.equal((await byTicket.get('/api/Member/IsLogin')).body.data.isLogin, true, 'the referer ticket signs a browser in');
    t.equal(await addPasskey(byTicket, new SoftwareAuthenticator(origin)), 'RecentSignInRequired', 'but adds no passkey');

    t.equal((await login(byTicket, ada.email)).body.code, 'ok', 'signed in again with the password');
    t.equal(await addPasskey(byTicket, new SoftwareAuthenticator(origin)), 'ok', 'the same browser adds one');
  });
});
