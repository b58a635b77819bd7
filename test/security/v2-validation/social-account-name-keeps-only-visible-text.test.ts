import t from 'tap';
import { SocialType } from '../../../shared/enums.ts';
import { LANGUAGES } from '../../../shared/languages.ts';
import { activationLinkFor, createClient, freePort, startStack, validRegistration } from '../../helper.ts';
import { startOidcProvider } from '../../helpers/oidc-provider.ts';

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const google = await startOidcProvider(
  t,
  LANGUAGES.map((lang) => `${origin}/${lang}/social-login`),
);
const stack = await startStack(t, { env: { PORT: String(port), PUBLIC_ORIGIN: origin, ...google.env('GOOGLE') } });

t.test('a provider account name with a right-to-left override and zero-width characters is stored as visible text only', async (t) => {
  const browser = createClient(stack.bffUrl);
  const email = 'mallory.google@example.com';
  // Anyone can name their provider account; the name is shown in My Account and exported.
  google.signInAs({ sub: 'google-mallory', email, name: 'Mallory\u202Efdp.exe\u200B\u0000\r\nTeam 👩🏽\u200D💻' });
  const started = await browser.post('/api/Member/SocialAuthorize', { socialType: SocialType.Google, origin: 'login', lang: 'en' });
  const back = await google.authorize(started.body.data.authorizationUrl);
  const login = await browser.post('/api/Member/GoogleLogin', {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  t.equal(login.body.code, 'notfound');
  t.equal(login.body.data.socialName, 'Malloryfdp.exe Team 👩🏽\u200D💻', 'cleaned where the portal receives it');

  const { password: _p, confirmPassword: _c, ...socialSignUp } = validRegistration(email);
  const registered = await browser.post('/api/Member/Register', socialSignUp);
  t.equal(registered.body.code, 'ok', registered.text);
  const link = await activationLinkFor(stack.dataDir, email);
  t.equal((await browser.post('/api/Member/Activate', { userId: link!.userId, token: link!.token })).body.code, 'ok');

  const again = await browser.post('/api/Member/SocialAuthorize', { socialType: SocialType.Google, origin: 'login', lang: 'en' });
  const backAgain = await google.authorize(again.body.data.authorizationUrl);
  const signedIn = await browser.post('/api/Member/GoogleLogin', {
    code: backAgain.searchParams.get('code'),
    state: backAgain.searchParams.get('state'),
  });
  t.equal(signedIn.body.code, 'ok', signedIn.text);
  const member = (await browser.get('/api/member')).body.data;
  t.same(
    member.socialData.map((s: { socialName: string }) => s.socialName),
    ['Malloryfdp.exe Team 👩🏽\u200D💻'],
  );
});
