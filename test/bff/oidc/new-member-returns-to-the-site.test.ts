import { setTimeout as sleep } from 'node:timers/promises';
import t, { type Test } from 'tap';
import { activationLinkFor, createClient, startStack, TEST_PASSWORD, validRegistration } from '../../helper.ts';
import { authorizationRequest, followPortal, oidcClientsEnv, redeem, siteClient, startRelyingSites } from '../../helpers/oidc-sites.ts';

/**
 * A visitor the site sends to the portal registers from the login screen: the registration
 * carries the flow's return path, activation hands it back, and after signing in the new member
 * chooses preferences (or skips) once, as on the way to a ticket site; then the flow continues
 * to the site with its code.
 */
const [site] = await startRelyingSites(t, [{ id: 'shop' }]);
const stack = await startStack(t, { env: oidcClientsEnv([site!]) });
const preferences = { businessApplicationAreas: ['energy.ev-charging'], inProducts: ['networking'] };

/** A new member of the site's flow, registered, activated and signed in: where the flow stands. */
async function newMemberSignedIn(t: Test, email: string) {
  const browser = createClient(stack.bffUrl);
  const config = await siteClient(stack.bffUrl, site!);
  const pending = await authorizationRequest(config, site!);
  const atLogin = await followPortal(browser, stack.bffUrl, pending.url);
  const returnUrl = atLogin.url.searchParams.get('callbackurl')!;

  t.equal((await browser.post('/api/Member/Register', validRegistration(email, { returnUrl }))).body.code, 'ok');
  const link = await activationLinkFor(stack.dataDir, email);
  const activated = await browser.post('/api/Member/Activate', { userId: link!.userId, token: link!.token });
  t.equal(activated.body.data.returnUrl, returnUrl, 'activation hands the flow back');
  const signedIn = await browser.post('/api/Member/Login', { userId: email, password: TEST_PASSWORD, returnUrl });
  t.equal(signedIn.body.data.redirectUrl, returnUrl, 'the sign-in goes back to the flow');
  return { browser, config, pending, returnUrl };
}

t.test('register, activate, sign in, choose preferences, back at the site', async (t) => {
  const { browser, config, pending, returnUrl } = await newMemberSignedIn(t, `new-${Date.now()}@example.com`);
  const asked = await followPortal(browser, stack.bffUrl, returnUrl);
  t.equal(asked.url.pathname, '/en/choosing-preferring', 'preferences come first');
  t.equal(asked.url.searchParams.get('callbackurl'), returnUrl, 'and lead back to the flow');

  const saved = await browser.patch('/api/member', { ...preferences, returnUrl });
  t.equal(saved.body.data.returnUrl, returnUrl);
  const back = await followPortal(browser, stack.bffUrl, returnUrl);
  t.equal(back.url.origin + back.url.pathname, site!.redirectUri, 'on to the site without another step');
  t.ok((await redeem(config, pending, back.url)).claims()!.sub);
});

t.test('Skip goes on to the site too, and the flow does not ask again', async (t) => {
  const { browser, config, pending, returnUrl } = await newMemberSignedIn(t, `skip-${Date.now()}@example.com`);
  t.equal((await followPortal(browser, stack.bffUrl, returnUrl)).url.pathname, '/en/choosing-preferring');
  const skipped = await browser.patch('/api/member', { skip: true, returnUrl });
  t.equal(skipped.body.data.returnUrl, returnUrl);
  const back = await followPortal(browser, stack.bffUrl, returnUrl);
  t.equal(back.url.origin + back.url.pathname, site!.redirectUri, 'skipping saves nothing and still goes on');
  t.ok((await redeem(config, pending, back.url)).claims()!.sub);
});

t.test('a member signed in before the site asked is not stopped for preferences (single sign-on)', async (t) => {
  const { browser, config, returnUrl } = await newMemberSignedIn(t, `sso-${Date.now()}@example.com`);
  t.equal((await followPortal(browser, stack.bffUrl, returnUrl)).url.pathname, '/en/choosing-preferring');
  await browser.patch('/api/member', { skip: true, returnUrl });
  t.equal(
    (await followPortal(browser, stack.bffUrl, returnUrl)).url.origin,
    new URL(site!.redirectUri).origin,
    'the first flow ends at the site',
  );
  // The sign-in's time and the request's are whole seconds: the next request comes a second later.
  await sleep(1_100);
  const second = await authorizationRequest(config, site!);
  const back = await followPortal(browser, stack.bffUrl, second.url);
  t.equal(back.url.origin + back.url.pathname, site!.redirectUri, 'straight back to the site');
  t.ok((await redeem(config, second, back.url)).claims()!.sub);
});

t.test("an attacker cannot skip another browser's preferences step to get its code", async (t) => {
  const { returnUrl } = await newMemberSignedIn(t, `victim-${Date.now()}@example.com`);
  const attacker = createClient(stack.bffUrl);
  const skipped = await attacker.patch('/api/member', { skip: true, returnUrl });
  t.equal(skipped.status, 401, 'choosing preferences needs the signed-in session');
  const tried = await followPortal(attacker, stack.bffUrl, returnUrl);
  t.equal(tried.status, 400, "the interaction is this browser's alone: no code, no redirect");
});
