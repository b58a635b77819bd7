import t, { type Test } from 'tap';
import * as client from 'openid-client';
import {
  createActiveMember,
  createClient,
  signIn,
  startStack,
  activationLinkFor,
  TEST_PASSWORD,
  validRegistration,
  type TestClient,
} from '../../helper.ts';
import {
  authorizationRequest,
  followPortal,
  oidcClientsEnv,
  redeem,
  siteClient,
  startRelyingSites,
  verifyLogoutToken,
  type RelyingSite,
} from '../../helpers/oidc-sites.ts';
import { readOutbox } from '../../helpers/outbox.ts';
import { loadOidcConfig } from '../../../server/bff/oidc/oidc-config.ts';
import { startSignInStack } from '../sign-in-fixtures.ts';

t.test('code flow', async (t) => {
  /**
   * The portal as an OpenID Provider, end to end over HTTP with a real member service and
   * openid-client as the sites' library: discovery, the code flow for a member signed in at the
   * portal, ID token and UserInfo claims, refresh, single sign-on to a second site, and the
   * spec's Logout reaching both sites by back-channel.
   */
  const [shop, docs] = await startRelyingSites(t, [{ id: 'shop' }, { id: 'docs', public: true }]);
  const stack = await startStack(t, { env: oidcClientsEnv([shop!, docs!]) });
  const portal = stack.bffUrl;

  t.test('discovery names the portal as issuer and offers only the code flow with S256', async (t) => {
    const config = await siteClient(portal, shop!);
    const meta = config.serverMetadata();
    t.equal(meta.issuer, portal);
    t.same(meta.response_types_supported, ['code']);
    t.same(meta.code_challenge_methods_supported, ['S256']);
    t.notOk((meta.id_token_signing_alg_values_supported ?? []).includes('none'), 'no none algorithm');
    t.equal(meta.backchannel_logout_supported, true);
    t.match(meta.authorization_endpoint, `${portal}/oidc/auth`);
    t.match(meta.end_session_endpoint, `${portal}/oidc/session/end`);
  });

  t.test('a signed-in member goes straight back to the site, which signs in, reads UserInfo and refreshes', async (t) => {
    const member = await createActiveMember(stack);
    const browser = await signIn(stack, member);
    const config = await siteClient(portal, shop!);
    const pending = await authorizationRequest(config, shop!, { scope: 'openid email profile offline_access' });
    const back = await followPortal(browser, portal, pending.url);
    t.equal(back.url.origin + back.url.pathname, shop!.redirectUri, 'back at the site with a code');
    const tokens = await redeem(config, pending, back.url);
    const claims = tokens.claims()!;
    t.ok(claims.sub && claims.sub !== member.email && !/^[0-9]+$/.test(claims.sub), 'sub is opaque');
    t.same(claims.amr, ['pwd']);
    t.type(claims.auth_time, 'number');
    t.type(claims.sid, 'string');
    const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    t.equal(info.email, member.email);
    t.equal(info.email_verified, true);
    t.equal(info.given_name, 'Ada');
    t.equal(info.family_name, 'Lovelace');
    t.equal(info.locale, 'en');
    t.ok(tokens.refresh_token, 'offline_access gives a first-party site a refresh token without asking');
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    t.not(refreshed.refresh_token, tokens.refresh_token, 'the refresh token rotates');
  });

  t.test('single sign-on to a second site, and the spec Logout tells both by back-channel', async (t) => {
    const member = await createActiveMember(stack);
    const browser = await signIn(stack, member);
    const subjects: string[] = [];
    const sids: Record<string, string> = {};
    for (const site of [shop!, docs!]) {
      const config = await siteClient(portal, site);
      const pending = await authorizationRequest(config, site);
      const back = await followPortal(browser, portal, pending.url);
      const tokens = await redeem(config, pending, back.url);
      subjects.push(tokens.claims()!.sub);
      sids[site.id] = String(tokens.claims()!.sid);
    }
    t.equal(subjects[0], subjects[1], 'one subject at both sites');
    const shopToken = shop!.nextLogoutToken();
    const docsToken = docs!.nextLogoutToken();
    const out = await browser.get('/api/Member/Logout');
    t.equal(out.body.code, 'ok');
    for (const [site, token] of [
      [shop!, await shopToken],
      [docs!, await docsToken],
    ] as const) {
      const payload = await verifyLogoutToken(portal, site, token);
      t.equal(payload.sub, subjects[0], `${site.id}: the member`);
      t.equal(payload.sid, sids[site.id], `${site.id}: the session it knows`);
    }
    // The site cannot sign the member in silently any more.
    const config = await siteClient(portal, shop!);
    const pending = await authorizationRequest(config, shop!, { prompt: 'none' });
    const back = await followPortal(browser, portal, pending.url);
    t.equal(back.url.searchParams.get('error'), 'login_required');
  });

  t.test('without a portal session the browser goes to the portal login, which leads back to the flow', async (t) => {
    const member = await createActiveMember(stack);
    const browser = createClient(portal);
    const config = await siteClient(portal, shop!);
    const pending = await authorizationRequest(config, shop!, { ui_locales: 'ja' });
    const atLogin = await followPortal(browser, portal, pending.url);
    t.equal(atLogin.url.pathname, '/ja-jp/login', 'ui_locales picks the language');
    const returnUrl = atLogin.url.searchParams.get('callbackurl')!;
    t.match(returnUrl, /^\/oidc\/interaction\//);
    const signedIn = await browser.post('/api/Member/Login', { userId: member.email, password: member.password, returnUrl });
    t.equal(signedIn.body.data.redirectUrl, returnUrl, 'the login sends the member back to the flow');
    const asked = await followPortal(browser, portal, returnUrl);
    t.equal(asked.url.pathname, '/ja-jp/choosing-preferring', 'a member with no preferences yet chooses them first, in the same language');
    await browser.patch('/api/member', { skip: true, returnUrl });
    const back = await followPortal(browser, portal, returnUrl);
    t.equal(back.url.origin + back.url.pathname, shop!.redirectUri);
    const tokens = await redeem(config, pending, back.url);
    t.ok(tokens.id_token);
  });
});

t.test('new members return to the site', async (t) => {
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
    const signedIn = await other.post('/api/Member/otpVerify', {
      userId: email,
      code: await mailedCode(email),
      otpVerifyType: 1,
      returnUrl,
    });
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
});

t.test('pairwise subjects', async (t) => {
  /**
   * OIDC_PAIRWISE_SALT gives every site its own `sub` for a member: stable at that site, in the ID
   * token, UserInfo and the back-channel logout token alike, and unlike any other site's. Without
   * the salt every site gets the member's public id (code-flow.test.ts: one subject at both sites).
   */
  const SALT = 'pairwise-salt-0123456789abcdef0123456789';
  const sites = await startRelyingSites(t, [{ id: 'shop' }, { id: 'docs', public: true }]);
  const [shop, docs] = sites as [RelyingSite, RelyingSite];
  const stack = await startStack(t, { env: { ...oidcClientsEnv(sites), OIDC_PAIRWISE_SALT: SALT } });
  const portal = stack.bffUrl;

  /** The member's sub at the site, from the ID token, checked against UserInfo's. */
  async function subjectAt(t: Test, browser: TestClient, site: RelyingSite): Promise<string> {
    const config = await siteClient(portal, site);
    const pending = await authorizationRequest(config, site);
    const tokens = await redeem(config, pending, (await followPortal(browser, portal, pending.url)).url);
    const sub = tokens.claims()!.sub;
    t.equal((await client.fetchUserInfo(config, tokens.access_token, sub)).sub, sub, `${site.id}: UserInfo names the same sub`);
    return sub;
  }

  t.test('two sites get different subs for one member, each stable', async (t) => {
    const member = await createActiveMember(stack);
    const laptop = await signIn(stack, member);
    const atShop = await subjectAt(t, laptop, shop);
    const atDocs = await subjectAt(t, laptop, docs);
    t.not(atShop, atDocs, 'the sites cannot match the member by sub');
    t.notOk([atShop, atDocs].includes(member.email), 'never the e-mail');

    const phone = await signIn(stack, member);
    t.equal(await subjectAt(t, phone, shop), atShop, 'the same sub at the same site, from another browser');
    t.equal(await subjectAt(t, phone, docs), atDocs);

    const other = await signIn(stack, await createActiveMember(stack));
    t.not(await subjectAt(t, other, shop), atShop, 'another member, another sub');

    const told = [shop.nextLogoutToken(), docs.nextLogoutToken()];
    t.equal((await laptop.get('/api/Member/Logout')).body.code, 'ok');
    t.equal((await verifyLogoutToken(portal, shop, await told[0]!)).sub, atShop, 'the logout token names the site its own sub');
    t.equal((await verifyLogoutToken(portal, docs, await told[1]!)).sub, atDocs);
  });

  t.test('discovery offers pairwise subjects', async (t) => {
    t.same((await siteClient(portal, shop)).serverMetadata().subject_types_supported, ['pairwise']);
  });

  t.test('a short salt, or a site whose redirect URIs span hosts, stops the start', async (t) => {
    const entry = { client_id: 'wide', client_secret: 'x'.repeat(32), redirect_uris: ['https://a.example/cb'] };
    const env = (salt: string, redirects = entry.redirect_uris) => ({
      OIDC_CLIENTS: JSON.stringify([{ ...entry, redirect_uris: redirects }]),
      OIDC_PAIRWISE_SALT: salt,
      OIDC_JWKS: JSON.stringify({ keys: stack.bffConfig.oidc!.signingKeys }),
    });
    t.throws(() => loadOidcConfig(env('short'), stack.dataDir), /OIDC_PAIRWISE_SALT: must be at least 32 characters/);
    t.throws(
      () => loadOidcConfig(env(SALT, ['https://a.example/cb', 'https://b.example/cb']), stack.dataDir),
      /entry 1 \("wide"\): redirect_uris must all be on one host/,
    );
    t.equal(loadOidcConfig(env(SALT), stack.dataDir)?.pairwiseSalt, SALT);
    t.equal(loadOidcConfig({ ...env(SALT), OIDC_PAIRWISE_SALT: '' }, stack.dataDir)?.pairwiseSalt, undefined, 'empty: public subs');
  });
});

t.test('forced password change returns to the site', async (t) => {
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
});
