import t from 'tap';
import { SocialType } from '../../shared/enums.ts';
import { LANGUAGES } from '../../shared/languages.ts';
import {
  activationLinkFor,
  createActiveMember,
  createClient,
  freePort,
  signIn,
  startStack,
  validRegistration,
  type TestClient,
} from '../helper.ts';
import { startGraphApi } from '../helpers/graph-api.ts';
import { startOidcProvider } from '../helpers/oidc-provider.ts';

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
    CHINESE_HOSTS: 'localhost',
    ...google.env('GOOGLE'),
    ...linkedin.env('LINKEDIN'),
    ...facebook.env(),
  },
});

/** Starts a round trip at the portal and walks it through the provider: the code and state the browser comes back with. */
async function roundTrip(client: TestClient, socialType: number, socialOrigin: 'login' | 'register' | 'connect', lang = 'en') {
  const started = await client.post('/api/Member/SocialAuthorize', { socialType, origin: socialOrigin, lang });
  if (started.body.code !== 'ok') throw new Error(`SocialAuthorize: ${started.text}`);
  const provider = socialType === SocialType.Google ? google : socialType === SocialType.LinkedIn ? linkedin : facebook;
  const back = await provider.authorize(started.body.data.authorizationUrl);
  return { back, code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

t.test('the portal configuration lists the configured providers', async (t) => {
  const config = await createClient(stack.bffUrl).get('/api/info/PortalConfig?lang=en');
  t.same(config.body.data.socialTypes, [1, 2, 3]);
  // The Chinese site is a host (CHINESE_HOSTS); a language the request names never chooses it.
  const chineseLanguage = await createClient(stack.bffUrl).get('/api/info/PortalConfig?lang=zh-cn');
  t.equal(chineseLanguage.body.data.chineseSite, false, 'the language alone does not make the Chinese site');
  const chinese = await createClient(`http://localhost:${port}`).get('/api/info/PortalConfig?lang=zh-cn');
  t.same(chinese.body.data.socialTypes, [], 'no social sign-in on the Chinese site');
});

t.test('Google: unknown account goes to sign-up, which registers the verified identity without a password', async (t) => {
  const browser = createClient(stack.bffUrl);
  google.signInAs({ sub: 'google-ada', email: 'ada.google@example.com', name: 'Ada Google' });
  const { back, code, state } = await roundTrip(browser, SocialType.Google, 'login', 'ja-jp');
  t.equal(back.origin + back.pathname, `${origin}/ja-jp/social-login`, 'the provider sends the browser back to the social-login route');

  const login = await browser.post('/api/Member/GoogleLogin', { code, state, returnUrl: 'https://evil.example/' });
  t.equal(login.body.code, 'notfound');
  t.same(login.body.data, { socialType: 1, socialEmail: 'ada.google@example.com', socialName: 'Ada Google' });
  t.same((await browser.get('/api/Member/SocialSignUp')).body.data.identity, login.body.data, 'the identity waits in the session');

  const { password: _p, confirmPassword: _c, ...withoutPassword } = validRegistration('ada.google@example.com');
  const forged = { ...withoutPassword, memberSocial: { socialType: 1, socialId: 'someone-else' } };
  const registered = await browser.post('/api/Member/Register', forged);
  t.equal(registered.body.code, 'ok', registered.text);
  t.same((await browser.get('/api/Member/SocialSignUp')).body.data.identity, null, 'used once');

  const anonymous = createClient(stack.bffUrl);
  const noIdentity = await anonymous.post('/api/Member/Register', { ...forged, email: 'mallory@example.com' });
  t.equal(noIdentity.status, 400, 'without a verified identity a password is required');
  t.ok(noIdentity.body.errors.some((e: { field: string }) => e.field === 'password'));

  const early = await roundTrip(browser, SocialType.Google, 'login');
  t.equal((await browser.post('/api/Member/GoogleLogin', { code: early.code, state: early.state })).body.code, 'mustactivate');

  const link = await activationLinkFor(stack.dataDir, 'ada.google@example.com');
  t.equal((await browser.post('/api/Member/Activate', { userId: link!.userId, token: link!.token })).body.code, 'ok');
  const again = await roundTrip(browser, SocialType.Google, 'login');
  const signedIn = await browser.post('/api/Member/GoogleLogin', { code: again.code, state: again.state });
  t.equal(signedIn.body.code, 'ok', signedIn.text);
  t.equal(signedIn.body.data.userId, 'ada.google@example.com');
  t.notOk('token' in signedIn.body.data);
  const member = (await browser.get('/api/Member')).body.data;
  t.same(
    member.socialData.map((s: { socialType: number; socialEmail: string; socialName: string }) => [
      s.socialType,
      s.socialEmail,
      s.socialName,
    ]),
    [[1, 'ada.google@example.com', 'Ada Google']],
    'the verified id is linked, not the one in the body',
  );
});

t.test('forged ids, forged codes, replayed and foreign states sign nobody in', async (t) => {
  const attacker = createClient(stack.bffUrl);
  const bareId = await attacker.post('/api/Member/GoogleLogin', { id: 'google-ada', returnUrl: '/en/my-account' });
  t.equal(bareId.status, 400, 'a bare social id is not a credential');

  google.signInAs({ sub: 'google-ada', email: 'ada.google@example.com', name: 'Ada Google' });
  const victim = createClient(stack.bffUrl);
  const trip = await roundTrip(victim, SocialType.Google, 'login');
  const foreign = await attacker.post('/api/Member/GoogleLogin', { code: trip.code, state: trip.state });
  t.equal(foreign.body.code, 'SocialStateInvalid', 'a state issued to another session is refused');

  const ownState = await roundTrip(attacker, SocialType.Google, 'login');
  const forgedCode = await attacker.post('/api/Member/GoogleLogin', { code: 'made-up-code', state: ownState.state });
  t.equal(forgedCode.body.code, 'SocialProfileError', 'the provider refuses a made-up code');
  const replay = await attacker.post('/api/Member/GoogleLogin', { code: ownState.code, state: ownState.state });
  t.equal(replay.body.code, 'SocialStateInvalid', 'a state works once');

  const wrongProvider = await roundTrip(attacker, SocialType.Google, 'login');
  t.equal(
    (await attacker.post('/api/Member/FbLogin', { code: wrongProvider.code, state: wrongProvider.state })).body.code,
    'SocialStateInvalid',
  );
  const signUpState = await roundTrip(attacker, SocialType.Google, 'register');
  t.equal(
    (await attacker.post('/api/Member/GoogleLogin', { code: signUpState.code, state: signUpState.state })).body.code,
    'SocialStateInvalid',
    'a sign-up round trip does not sign in',
  );
  t.same((await attacker.get('/api/Member/IsLogin')).body.data, { isLogin: false });

  const forgedConnect = await signIn(stack, await createActiveMember(stack));
  const connect = await forgedConnect.post('/api/Member/SocialConnect', {
    socialType: 1,
    isConnect: true,
    socialId: 'google-ada',
    socialName: 'x',
  });
  t.equal(connect.body.code, 'SocialStateInvalid', 'connect needs an identity this member verified');
  t.equal((await createClient(stack.bffUrl).post('/api/Member/SocialAuthorize', { socialType: 3, origin: 'connect' })).status, 401);
});

t.test('Facebook: the token must have been issued to our app', async (t) => {
  const browser = createClient(stack.bffUrl);
  facebook.signInAs({ id: 'fb-42', name: 'Grace Hopper', email: 'grace@example.com' }, { tokenApp: '999999' });
  const other = await roundTrip(browser, SocialType.Facebook, 'login');
  t.equal((await browser.post('/api/Member/FbLogin', { code: other.code, state: other.state })).body.code, 'SocialProfileError');
  t.same((await browser.get('/api/Member/SocialSignUp')).body.data.identity, null, 'nothing is held');

  facebook.signInAs({ id: 'fb-42', name: 'Grace Hopper', email: 'grace@example.com' });
  const own = await roundTrip(browser, SocialType.Facebook, 'register');
  const verified = await browser.post('/api/Member/SocialVerify', { code: own.code, state: own.state });
  t.same(verified.body.data, {
    socialType: 2,
    socialId: 'fb-42',
    socialEmail: 'grace@example.com',
    socialName: 'Grace Hopper',
    origin: 'register',
  });
});

t.test('LinkedIn: connect, sign in with it, one member per identity, disconnect', async (t) => {
  const owner = await createActiveMember(stack);
  const ownerClient = await signIn(stack, owner);
  linkedin.signInAs({ sub: 'li-7', email: 'owner.li@example.com', name: 'Owner LinkedIn' });
  const trip = await roundTrip(ownerClient, SocialType.LinkedIn, 'connect');
  const verified = await ownerClient.post('/api/Member/LinkedinVerify', {
    code: trip.code,
    state: trip.state,
    redirectUri: 'https://evil.example/',
  });
  t.equal(verified.body.data.socialName, 'Owner LinkedIn', verified.text);
  const connected = await ownerClient.post('/api/Member/SocialConnect', { socialType: 3, isConnect: true, socialId: 'ignored' });
  t.equal(connected.body.code, 'ok', connected.text);
  const socialData = (await ownerClient.get('/api/Member')).body.data.socialData;
  t.equal(socialData.length, 1);
  t.equal(socialData[0].socialName, 'Owner LinkedIn');
  t.notOk('socialId' in socialData[0], "the provider's account id stays with the portal");
  t.match(socialData[0].registerDate, /^\d{4}-\d\d-\d\dT/);

  const anyone = createClient(stack.bffUrl);
  const login = await roundTrip(anyone, SocialType.LinkedIn, 'login');
  const signedIn = await anyone.post('/api/Member/LinkedinLogin', { code: login.code, state: login.state });
  t.equal(signedIn.body.data?.userId, owner.email, 'the linked identity signs in as its member');

  const other = await signIn(stack, await createActiveMember(stack));
  const steal = await roundTrip(other, SocialType.LinkedIn, 'connect');
  await other.post('/api/Member/LinkedinVerify', { code: steal.code, state: steal.state });
  t.equal((await other.post('/api/Member/SocialConnect', { socialType: 3, isConnect: true })).body.code, 'Form_RepeatMember');
  t.same((await other.get('/api/Member')).body.data.socialData, []);

  const stolenState = await roundTrip(ownerClient, SocialType.LinkedIn, 'connect');
  t.equal(
    (await other.post('/api/Member/LinkedinVerify', { code: stolenState.code, state: stolenState.state })).body.code,
    'SocialStateInvalid',
  );

  t.equal((await ownerClient.post('/api/Member/SocialConnect', { socialType: 3, isConnect: false })).body.code, 'ok');
  t.same((await ownerClient.get('/api/Member')).body.data.socialData, []);
  const after = await roundTrip(anyone, SocialType.LinkedIn, 'login');
  t.equal((await anyone.post('/api/Member/LinkedinLogin', { code: after.code, state: after.state })).body.code, 'notfound');
});
