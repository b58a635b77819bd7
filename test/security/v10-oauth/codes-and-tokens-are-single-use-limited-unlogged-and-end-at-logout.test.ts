import { request } from 'node:http';
import { Writable } from 'node:stream';
import * as client from 'openid-client';
import t from 'tap';
import { createActiveMember, createClient, signIn, startStack } from '../../helper.ts';
import {
  authorizationRequest,
  followPortal,
  oauthErrorOf,
  oidcClientsEnv,
  redeem,
  SITE_SECRET,
  siteClient,
  startRelyingSites,
  verifyLogoutToken,
} from '../../helpers/oidc-sites.ts';

/**
 * OpenID Connect codes and tokens: a code redeems once, a rotated refresh token never again, the
 * token endpoint is limited, none reaches the log, and a site's logout ends the portal session
 * everywhere.
 */

t.test('rp initiated logout ends the portal session and tells every site', async (t) => {
  /**
   * ASVS 5.0 V10.6 and V7.4: RP-initiated logout with a first party's valid id_token_hint signs
   * out at once (no confirmation), ends the portal session and tells the other site by
   * back-channel; a post_logout_redirect_uri must be registered; without a hint the member is
   * asked first; a link from elsewhere never signs anybody out of the portal.
   */
  const [shop, docs] = await startRelyingSites(t, [{ id: 'shop' }, { id: 'docs', public: true }]);
  const stack = await startStack(t, { env: oidcClientsEnv([shop!, docs!]) });
  const portal = stack.bffUrl;

  async function signedInAtBoth() {
    const browser = await signIn(stack, await createActiveMember(stack));
    const idTokens: Record<string, string> = {};
    for (const site of [shop!, docs!]) {
      const config = await siteClient(portal, site);
      const pending = await authorizationRequest(config, site);
      idTokens[site.id] = (await redeem(config, pending, (await followPortal(browser, portal, pending.url)).url)).id_token!;
    }
    return { browser, idTokens };
  }

  /** Follows the end-session page as a browser does: its auto-submitting form is posted. */
  async function submitLogoutForm(browser: ReturnType<typeof createClient>, html: string) {
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    const response = await fetch(new URL('/oidc/session/end/confirm', portal), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: new URLSearchParams({ xsrf: xsrf ?? '', logout: 'yes' }),
    });
    return response;
  }

  t.test('a first-party hint signs out at once, ends the portal session and reaches the other site', async (t) => {
    const { browser, idTokens } = await signedInAtBoth();
    const config = await siteClient(portal, shop!);
    const url = client.buildEndSessionUrl(config, {
      id_token_hint: idTokens.shop!,
      post_logout_redirect_uri: shop!.postLogoutUri,
      state: 'bye',
    });
    const page = await browser.get(url.pathname + url.search, { headers: { accept: 'text/html' } });
    t.equal(page.status, 200);
    t.notMatch(page.text, /<button/, 'no confirmation to click');
    t.match(page.text, /<script>/, 'the form submits itself');
    t.match(page.headers.get('content-security-policy'), /script-src[^;]*'sha256-/, 'allowed by its hash only');
    t.match(
      page.headers.get('content-security-policy'),
      `form-action 'self' ${shop!.origin}`,
      'its redirect to the site is a form action browsers allow',
    );
    const docsToken = docs!.nextLogoutToken();
    const confirmed = await submitLogoutForm(browser, page.text);
    t.equal(confirmed.status, 303);
    t.equal(confirmed.headers.get('location'), `${shop!.postLogoutUri}?state=bye`);
    const payload = await verifyLogoutToken(portal, docs!, await docsToken);
    t.type(payload.sid, 'string');
    t.equal((await browser.get('/api/Member/IsLogin')).body.data.isLogin, false, 'the portal session ended');
  });

  t.test('without a hint the member is asked, in the language asked for', async (t) => {
    const { browser } = await signedInAtBoth();
    const page = await browser.get('/oidc/session/end?client_id=shop&ui_locales=ko', { headers: { accept: 'text/html' } });
    t.equal(page.status, 200);
    t.match(page.text, /lang="ko-kr"/);
    t.match(page.text, /name="logout" value="yes"/, 'a sign-out button');
    t.notMatch(page.text, /<script>/, 'nothing submits by itself');
    t.equal((await browser.get('/api/Member/IsLogin')).body.data.isLogin, true, 'still signed in until the member confirms');
  });

  t.test('an unregistered post_logout_redirect_uri is refused', async (t) => {
    const { browser, idTokens } = await signedInAtBoth();
    const config = await siteClient(portal, shop!);
    const url = client.buildEndSessionUrl(config, { id_token_hint: idTokens.shop!, post_logout_redirect_uri: 'https://attacker.example/' });
    const page = await browser.get(url.pathname + url.search, { headers: { accept: 'text/html' } });
    t.equal(page.status, 400);
    t.equal(page.headers.get('location'), null);
    t.equal((await browser.get('/api/Member/IsLogin')).body.data.isLogin, true);
  });

  t.test('a sign-out link from elsewhere, in a browser with no provider session, leaves the portal session alone', async (t) => {
    const browser = await signIn(stack, await createActiveMember(stack));
    const page = await browser.get('/oidc/session/end', { headers: { accept: 'text/html' } });
    await submitLogoutForm(browser, page.text);
    t.equal((await browser.get('/api/Member/IsLogin')).body.data.isLogin, true);
  });
});

t.test('codes and tokens never reach the log', async (t) => {
  /**
   * ASVS 5.0 V16.2 for OAuth: authorization codes, verifiers, access, refresh and ID tokens,
   * client secrets, logout tokens and interaction ids never appear in the portal's log, even at
   * debug level, whichever request carried them.
   */
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const [shop, docs] = await startRelyingSites(t, [{ id: 'shop' }, { id: 'docs' }]);
  const stack = await startStack(t, { env: oidcClientsEnv([shop!, docs!]), logger: { level: 'debug', stream } });

  t.test('a whole flow leaves no secret in the log', async (t) => {
    const browser = await signIn(stack, await createActiveMember(stack));
    const config = await siteClient(stack.bffUrl, shop!);
    const pending = await authorizationRequest(config, shop!, { scope: 'openid email offline_access' });
    const interaction = await browser.get(pending.url.pathname + pending.url.search, { headers: { accept: 'text/html' } });
    const interactionPath = new URL(interaction.headers.get('location')!, stack.bffUrl).pathname;
    const back = await followPortal(browser, stack.bffUrl, pending.url);
    const code = back.url.searchParams.get('code')!;
    const tokens = await redeem(config, pending, back.url);
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    await client.fetchUserInfo(config, refreshed.access_token, tokens.claims()!.sub);
    const docsConfig = await siteClient(stack.bffUrl, docs!);
    const docsPending = await authorizationRequest(docsConfig, docs!);
    await redeem(docsConfig, docsPending, (await followPortal(browser, stack.bffUrl, docsPending.url)).url);
    const logoutToken = docs!.nextLogoutToken();
    const end = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token! });
    await browser.get(end.pathname + end.search, { headers: { accept: 'text/html' } });
    await browser.get('/api/Member/Logout');
    const delivered = await logoutToken;

    const log = lines.join('\n');
    t.ok(log.includes('/oidc/token'), 'the token requests are logged');
    const secrets: Record<string, string> = {
      code,
      'code verifier': pending.verifier,
      'access token': tokens.access_token,
      'refreshed access token': refreshed.access_token,
      'refresh token': tokens.refresh_token!,
      'rotated refresh token': refreshed.refresh_token!,
      'ID token': tokens.id_token!,
      'client secret': SITE_SECRET,
      'logout token': delivered,
      'interaction id': interactionPath.split('/').pop()!,
    };
    for (const [name, value] of Object.entries(secrets)) t.notOk(log.includes(value), `no ${name}`);
  });
});

t.test('token endpoint is limited per client and address', async (t) => {
  /**
   * ASVS 5.0 V10.4 and V2.4: the token endpoint is limited per client and source address
   * (OIDC_TOKEN_RATE_LIMIT_PER_MINUTE): one client guessing codes from one address cannot go on,
   * and neither slows another client nor the same client elsewhere.
   */
  const sites = await startRelyingSites(t, [{ id: 'shop' }, { id: 'docs' }]);
  const stack = await startStack(t, { env: { ...oidcClientsEnv(sites), OIDC_TOKEN_RATE_LIMIT_PER_MINUTE: '3' } });

  function tokenRequest(clientId: string, localAddress = '127.0.0.1'): Promise<number> {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: 'guessed',
      redirect_uri: 'http://127.0.0.1/cb',
      code_verifier: 'v'.repeat(43),
    }).toString();
    const base = new URL(stack.bffUrl);
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: base.hostname,
          port: base.port,
          path: '/oidc/token',
          method: 'POST',
          localAddress,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
            authorization: `Basic ${Buffer.from(`${clientId}:${SITE_SECRET}`).toString('base64')}`,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  t.test('over the limit: 429 for that client at that address only', async (t) => {
    const first = [await tokenRequest('shop'), await tokenRequest('shop'), await tokenRequest('shop')];
    t.same(first, [400, 400, 400], 'guesses are answered invalid_grant up to the limit');
    t.equal(await tokenRequest('shop'), 429, 'then refused');
    t.equal(await tokenRequest('docs'), 400, 'another client from the same address goes on');
    t.equal(await tokenRequest('shop', '127.0.0.2'), 400, 'the same client from another address goes on');
  });
});

t.test('authorization code is single use and reuse revokes', async (t) => {
  /**
   * ASVS 5.0 V10.4: an authorization code works once. Redeeming it a second time fails, and
   * ends what the first redemption issued (a leaked code is worth nothing to either party).
   */
  const [site] = await startRelyingSites(t, [{ id: 'shop' }]);
  const stack = await startStack(t, { env: oidcClientsEnv([site!]) });
  const browser = await signIn(stack, await createActiveMember(stack));
  const config = await siteClient(stack.bffUrl, site!);

  t.test('a second redemption is refused and revokes the first one', async (t) => {
    const pending = await authorizationRequest(config, site!, { scope: 'openid email offline_access' });
    const back = await followPortal(browser, stack.bffUrl, pending.url);
    const first = await redeem(config, pending, back.url);
    const sub = first.claims()!.sub;
    t.ok(await client.fetchUserInfo(config, first.access_token, sub), 'the first access token works');

    t.equal(await oauthErrorOf(redeem(config, pending, back.url)), 'invalid_grant', 'the second redemption fails');
    t.not(await oauthErrorOf(client.fetchUserInfo(config, first.access_token, sub)), 'none', 'the first access token is revoked');
    t.equal(await oauthErrorOf(client.refreshTokenGrant(config, first.refresh_token!)), 'invalid_grant', 'and so is its refresh token');
  });

  t.test('a code is bound to its client', async (t) => {
    const pending = await authorizationRequest(config, site!);
    const back = await followPortal(browser, stack.bffUrl, pending.url);
    const response = await fetch(new URL('/oidc/token', stack.bffUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.url.searchParams.get('code')!,
        redirect_uri: site!.redirectUri,
        code_verifier: pending.verifier,
        client_id: 'shop',
      }),
    });
    t.equal(response.status, 401, 'a confidential client must authenticate');
    t.equal(((await response.json()) as { error: string }).error, 'invalid_client');
  });
});

t.test('rotated refresh token reuse is refused', async (t) => {
  /**
   * ASVS 5.0 V10.4: refresh tokens rotate; a rotated one used again is refused, and the reuse
   * ends the grant, so a thief and the site cannot both keep going.
   */
  const sites = await startRelyingSites(t, [{ id: 'shop' }, { id: 'app', public: true }]);
  const stack = await startStack(t, { env: oidcClientsEnv(sites) });
  const browser = await signIn(stack, await createActiveMember(stack));

  for (const site of sites) {
    t.test(`${site.id} client`, async (t) => {
      const config = await siteClient(stack.bffUrl, site);
      const pending = await authorizationRequest(config, site, { scope: 'openid offline_access' });
      const tokens = await redeem(config, pending, (await followPortal(browser, stack.bffUrl, pending.url)).url);
      const first = tokens.refresh_token!;
      const second = await client.refreshTokenGrant(config, first);
      t.ok(second.refresh_token && second.refresh_token !== first, 'a new refresh token each time');
      t.equal(await oauthErrorOf(client.refreshTokenGrant(config, first)), 'invalid_grant', 'the rotated one is refused');
      t.equal(
        await oauthErrorOf(client.refreshTokenGrant(config, second.refresh_token!)),
        'invalid_grant',
        'and its reuse ended the grant',
      );
    });
  }

  t.test('without offline_access there is no refresh token', async (t) => {
    const config = await siteClient(stack.bffUrl, sites[0]!);
    const pending = await authorizationRequest(config, sites[0]!);
    const tokens = await redeem(config, pending, (await followPortal(browser, stack.bffUrl, pending.url)).url);
    t.equal(tokens.refresh_token, undefined);
  });
});
