import t, { type Test } from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { SocialType } from '../../../shared/enums.ts';
import { LANGUAGES } from '../../../shared/languages.ts';
import { createActiveMember, createClient, freePort, signIn, startStack, type Stack, type TestClient } from '../../helper.ts';
import { findLink, readOutbox, type ParsedMail } from '../../helpers/outbox.ts';
import { startOidcProvider, type LocalOidcProvider } from '../../helpers/oidc-provider.ts';
import { latestCodeTo } from '../../helpers/text-messages.ts';

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
    env: { PORT: String(port), PUBLIC_ORIGIN: origin, ...google.env('GOOGLE'), ...linkedin.env('LINKEDIN'), RATE_LIMIT_PER_MINUTE: '5000' },
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
