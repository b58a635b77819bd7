import t, { type Test } from 'tap';
import { SocialType } from '../../../shared/enums.ts';
import { LANGUAGES } from '../../../shared/languages.ts';
import { activationLinkFor, createClient, freePort, startStack, validRegistration, type TestClient } from '../../helper.ts';
import { startGraphApi } from '../../helpers/graph-api.ts';
import { startOidcProvider } from '../../helpers/oidc-provider.ts';

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
  t.equal((await owner.post('/api/Member/Activate', { userId: link!.userId, token: link!.token })).body.code, 'ok', 'the owner activates');
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
