import t from 'tap';
import { createClient, TEST_PASSWORD } from '../../helper.ts';
import { authorizationRequest, followPortal, oidcClientsEnv, redeem, siteClient, startRelyingSites } from '../../helpers/oidc-sites.ts';
import { startSignInStack } from '../sign-in-fixtures.ts';

/**
 * A member who must change the password first (defaultpwd) signs in from a company site's
 * OpenID Connect request: the session serves nothing but the change, the site's flow waits,
 * and after the change it continues to the site.
 */
const [site] = await startRelyingSites(t, [{ id: 'shop' }]);
const { stack, member, login } = await startSignInStack(t, { env: oidcClientsEnv([site!]) });

t.test('defaultpwd: change first, then back to the site', async (t) => {
  const ada = await member({ status: 2, password_changed_at: null, preferring: 0 });
  const browser = createClient(stack.bffUrl);
  const config = await siteClient(stack.bffUrl, site!);
  const pending = await authorizationRequest(config, site!);
  const returnUrl = (await followPortal(browser, stack.bffUrl, pending.url)).url.searchParams.get('callbackurl')!;
  t.equal((await login(browser, ada.email, TEST_PASSWORD, returnUrl)).body.code, 'defaultpwd');
  t.equal((await followPortal(browser, stack.bffUrl, returnUrl)).url.pathname, '/en/login', 'no code before the change');
  const changed = await browser.post('/api/Member/ResetPwd', {
    currentPassword: TEST_PASSWORD,
    newPassword: 'Babbage1791!',
    confirmPassword: 'Babbage1791!',
    returnUrl,
  });
  t.equal(changed.body.code, 'ok');
  t.equal(changed.body.data.redirectUrl, returnUrl, 'the change leads back to the flow');
  const back = await followPortal(browser, stack.bffUrl, returnUrl);
  t.equal(back.url.origin + back.url.pathname, site!.redirectUri);
  t.ok((await redeem(config, pending, back.url)).id_token);
});
