import t, { type Test } from 'tap';
import { activationLinkFor, createClient, startStack, TEST_PASSWORD, validRegistration } from '../../helper.ts';
import { readOutbox } from '../../helpers/outbox.ts';
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

/** The newest sign-in code mailed to the address. */
async function mailedCode(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = (await readOutbox(stack.dataDir)).filter((m) => m.to === email && m.subject === 'Your sign-in code').at(-1);
    const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no sign-in code to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

t.test('activated in another browser: preferences there, then My account; the site waits in the first', async (t) => {
  const first = createClient(stack.bffUrl);
  const config = await siteClient(stack.bffUrl, site!);
  const pending = await authorizationRequest(config, site!);
  const returnUrl = (await followPortal(first, stack.bffUrl, pending.url)).url.searchParams.get('callbackurl')!;
  const email = `elsewhere-${Date.now()}@example.com`;
  t.equal((await first.post('/api/Member/Register', validRegistration(email, { returnUrl }))).body.code, 'ok');

  const other = createClient(stack.bffUrl);
  const link = await activationLinkFor(stack.dataDir, email);
  const activated = await other.post('/api/Member/Activate', { userId: link!.userId, token: link!.token });
  t.equal(activated.body.data.returnUrl, returnUrl, 'the activation link carries the way back');
  const login = await other.post('/api/Member/Login', { userId: email, password: TEST_PASSWORD, returnUrl });
  t.equal(login.body.code, 'confirmbycode', 'a password chosen in another browser needs the mailbox once');
  await other.post('/api/Member/SendOtpCode', { userId: email, otpVerifyType: 1 });
  const signedIn = await other.post('/api/Member/otpVerify', { userId: email, code: await mailedCode(email), otpVerifyType: 1, returnUrl });
  t.equal(signedIn.body.data.redirectUrl, returnUrl);

  const there = await followPortal(other, stack.bffUrl, returnUrl);
  t.equal(there.url.pathname, '/en/choosing-preferring', 'preferences in the browser that activated');
  t.equal(there.url.searchParams.get('callbackurl'), null, 'the site waits in the other browser, not here');
  t.equal((await other.patch('/api/member', { skip: true })).body.data.returnUrl, '/en/my-account');
  t.equal((await followPortal(other, stack.bffUrl, returnUrl)).url.pathname, '/en/choosing-preferring', 'asked while nothing is chosen');
  await other.patch('/api/member', preferences);
  t.equal((await followPortal(other, stack.bffUrl, returnUrl)).url.pathname, '/en/my-account', 'then My account');

  // The first browser still holds the site's sign-in: signing in there finishes it.
  const back = await first.post('/api/Member/Login', { userId: email, password: TEST_PASSWORD, returnUrl });
  t.equal(back.body.data.redirectUrl, returnUrl);
  const atSite = await followPortal(first, stack.bffUrl, returnUrl);
  t.equal(atSite.url.origin + atSite.url.pathname, site!.redirectUri, 'preferences already chosen: straight to the site');
  t.ok((await redeem(config, pending, atSite.url)).claims()!.sub);
});
