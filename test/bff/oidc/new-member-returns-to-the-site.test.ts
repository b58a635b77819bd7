import t from 'tap';
import { activationLinkFor, createClient, startStack, TEST_PASSWORD, validRegistration } from '../../helper.ts';
import { authorizationRequest, followPortal, oidcClientsEnv, redeem, siteClient, startRelyingSites } from '../../helpers/oidc-sites.ts';

/**
 * A visitor the site sends to the portal registers from the login screen: the registration
 * carries the flow's return path, activation hands it back, and after signing in the flow
 * continues to the site with its code.
 */
const [site] = await startRelyingSites(t, [{ id: 'shop' }]);
const stack = await startStack(t, { env: oidcClientsEnv([site!]) });

t.test('register, activate, sign in, back at the site', async (t) => {
  const browser = createClient(stack.bffUrl);
  const config = await siteClient(stack.bffUrl, site!);
  const pending = await authorizationRequest(config, site!);
  const atLogin = await followPortal(browser, stack.bffUrl, pending.url);
  const returnUrl = atLogin.url.searchParams.get('callbackurl')!;

  const email = `new-${Date.now()}@example.com`;
  t.equal((await browser.post('/api/Member/Register', validRegistration(email, { returnUrl }))).body.code, 'ok');
  const link = await activationLinkFor(stack.dataDir, email);
  const activated = await browser.post('/api/Member/Activate', { userId: link!.userId, token: link!.token });
  t.equal(activated.body.data.returnUrl, returnUrl, 'activation hands the flow back');

  const signedIn = await browser.post('/api/Member/Login', { userId: email, password: TEST_PASSWORD, returnUrl });
  t.equal(signedIn.body.data.redirectUrl, returnUrl, 'the sign-in goes back to the flow');

  const back = await followPortal(browser, stack.bffUrl, returnUrl);
  t.equal(back.url.origin + back.url.pathname, site!.redirectUri);
  const tokens = await redeem(config, pending, back.url);
  t.equal(tokens.claims()!.sub.length > 0, true);
});
