import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { loadBffConfig } from '../../../server/bff/config.ts';
import { createActiveMember, createClient, signIn, startStack, type TestClient } from '../../helper.ts';
import {
  authorizationRequest,
  createReturningMember,
  followPortal,
  oidcClientsEnv,
  redeem,
  type RelyingSite,
  siteClient,
  startRelyingSites,
} from '../../helpers/oidc-sites.ts';

/**
 * OpenID Connect sign-in requests: only well-configured sites, registered redirect URIs, the code
 * flow with PKCE S256, honoured prompt and max_age, and consent from the member alone.
 */

t.test('client configuration refuses weak or broken entries', async (t) => {
  /**
   * ASVS 5.0 V10.4 and V13.3: a site's configuration that would weaken the flow stops the start
   * with a message naming the entry and the field: short secrets, http outside loopback, a
   * public client with a secret, unknown fields, keys without a private half or with `none`.
   */
  const dir = await mkdtemp(join(tmpdir(), 'oidc-config-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const SECRET = 's'.repeat(32);
  const good = { client_id: 'shop', client_secret: SECRET, redirect_uris: ['https://shop.example.com/cb'] };
  const load = (env: Record<string, string>) => loadBffConfig({ DATA_DIR: dir, ...env });
  const clients = (...entries: unknown[]) => ({ OIDC_CLIENTS: JSON.stringify(entries) });

  const refusals: Array<[string, Record<string, string>, RegExp]> = [
    ['a short secret', clients({ ...good, client_secret: 'short' }), /OIDC_CLIENTS: entry 1 \("shop"\): client_secret must be at least 32/],
    [
      'no secret and no public marker',
      clients({ client_id: 'shop', redirect_uris: good.redirect_uris }),
      /entry 1 \("shop"\): client_secret is missing/,
    ],
    [
      'a public client with a secret',
      clients({ ...good, token_endpoint_auth_method: 'none' }),
      /entry 1 \("shop"\): client_secret must be absent/,
    ],
    [
      'http on a real host',
      clients({ ...good, redirect_uris: ['http://shop.example.com/cb'] }),
      /entry 1 \("shop"\): redirect_uris\[0\] .* must be https/,
    ],
    ['a fragment', clients({ ...good, redirect_uris: ['https://shop.example.com/cb#x'] }), /redirect_uris\[0\] .* fragment/],
    ['no redirect URI', clients({ ...good, redirect_uris: [] }), /redirect_uris must be a non-empty array/],
    [
      'a bad back-channel URI',
      clients({ ...good, backchannel_logout_uri: 'http://intranet.example/bc' }),
      /entry 1 \("shop"\): backchannel_logout_uri .* must be https/,
    ],
    ['an unknown field', clients({ ...good, redirect_uri: 'x' }), /entry 1 \("shop"\): redirect_uri is not a known field/],
    ['first_party not a boolean', clients({ ...good, first_party: 'yes' }), /first_party must be true or false/],
    ['a duplicate client', clients(good, good), /entry 2 \("shop"\): client_id is used by an earlier entry/],
    ['not JSON', { OIDC_CLIENTS: '[{' }, /Invalid OIDC_CLIENTS: not JSON/],
    [
      'keys with a none algorithm',
      { ...clients(good), OIDC_JWKS: JSON.stringify({ keys: [{ kty: 'RSA', alg: 'none', kid: 'k', d: 'x' }] }) },
      /OIDC_JWKS: key 1: alg must be RS256/,
    ],
    [
      'a symmetric key',
      { ...clients(good), OIDC_JWKS: JSON.stringify({ keys: [{ kty: 'oct', k: 'abc', kid: 'k' }] }) },
      /OIDC_JWKS: key 1: alg must be/,
    ],
    [
      'a public key only',
      { ...clients(good), OIDC_JWKS: JSON.stringify({ keys: [{ kty: 'RSA', kid: 'k', n: 'x', e: 'AQAB' }] }) },
      /key 1: a private key is needed/,
    ],
  ];

  for (const [name, env, message] of refusals) {
    t.test(name, async (t) => {
      t.throws(() => load(env), message);
    });
  }

  t.test('the second entry is named by its position and id', async (t) => {
    t.throws(() => load(clients(good, { ...good, client_id: 'docs', client_secret: 'x' })), /entry 2 \("docs"\): client_secret/);
  });

  t.test('OIDC_CLIENTS_FILE holds the same JSON', async (t) => {
    const file = join(dir, 'clients.json');
    await writeFile(file, JSON.stringify([{ ...good, post_logout_redirect_uris: ['http://localhost:8080/'] }]));
    const config = load({ OIDC_CLIENTS_FILE: file });
    t.equal(config.oidc?.clients[0]?.client_id, 'shop');
    t.same(config.oidc?.clients[0]?.post_logout_redirect_uris, ['http://localhost:8080/'], 'http on loopback is allowed (development)');
    t.throws(() => load({ OIDC_CLIENTS_FILE: file, ...clients(good) }), /not both/);
  });

  t.test('without clients there is no provider and no key is made', async (t) => {
    t.equal(load({}).oidc, undefined);
  });

  t.test('generated keys are kept in DATA_DIR/secrets and reused', async (t) => {
    const first = load(clients(good)).oidc!.signingKeys;
    const second = load(clients(good)).oidc!.signingKeys;
    t.same(
      first.map((key) => key.alg),
      ['RS256', 'ES256'],
    );
    t.same(
      second.map((key) => key.kid),
      first.map((key) => key.kid),
    );
  });
});

t.test('prompt none login and max age are honoured', async (t) => {
  /**
   * ASVS 5.0 V10.5: prompt=none without a portal session answers login_required to the site and
   * shows nothing; prompt=login and an exceeded max_age send the member to sign in afresh even
   * when the portal has a session; the ID token's auth_time is that of the sign-in that counted.
   */
  const [site, docs] = await startRelyingSites(t, [{ id: 'shop' }, { id: 'docs' }]);
  const stack = await startStack(t, { env: oidcClientsEnv([site!, docs!]) });
  const config = await siteClient(stack.bffUrl, site!);
  const member = await createReturningMember(stack);

  t.test('prompt=none without a session: login_required at the site, with its state', async (t) => {
    const pending = await authorizationRequest(config, site!, { prompt: 'none' });
    const back = await followPortal(createClient(stack.bffUrl), stack.bffUrl, pending.url);
    t.equal(back.url.origin + back.url.pathname, site!.redirectUri);
    t.equal(back.url.searchParams.get('error'), 'login_required');
    t.equal(back.url.searchParams.get('state'), pending.state);
    t.notOk(back.url.searchParams.has('code'));
  });

  t.test('prompt=none signs in silently once this portal session has signed in at a site', async (t) => {
    const browser = await signIn(stack, member);
    const cold = await authorizationRequest(config, site!, { prompt: 'none' });
    t.equal(
      (await followPortal(browser, stack.bffUrl, cold.url)).url.searchParams.get('error'),
      'login_required',
      'before any site: no provider session yet, and prompt=none allows no step to make one',
    );
    const first = await authorizationRequest(config, site!);
    t.ok((await followPortal(browser, stack.bffUrl, first.url)).url.searchParams.get('code'), 'a plain request goes straight back');
    for (const [name, other] of [
      ['the same site', site!],
      ['another first-party site', docs!],
    ] as const) {
      const otherConfig = await siteClient(stack.bffUrl, other);
      const pending = await authorizationRequest(otherConfig, other, { prompt: 'none' });
      t.ok((await followPortal(browser, stack.bffUrl, pending.url)).url.searchParams.get('code'), `then silently: ${name}`);
    }
  });

  t.test('prompt=login sends a signed-in member to the login screen, and the fresh sign-in counts', async (t) => {
    const browser = await signIn(stack, member);
    const first = await authorizationRequest(config, site!);
    const earlier = (await redeem(config, first, (await followPortal(browser, stack.bffUrl, first.url)).url)).claims()!;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const pending = await authorizationRequest(config, site!, { prompt: 'login' });
    const atLogin = await followPortal(browser, stack.bffUrl, pending.url);
    t.equal(atLogin.url.pathname, '/en/login', 'the login screen, though signed in');
    const returnUrl = atLogin.url.searchParams.get('callbackurl')!;
    const again = await followPortal(browser, stack.bffUrl, returnUrl);
    t.equal(again.url.pathname, '/en/login', 'coming back without signing in does not skip it');
    await browser.post('/api/Member/Login', { userId: member.email, password: member.password, returnUrl });
    const back = await followPortal(browser, stack.bffUrl, returnUrl);
    const claims = (await redeem(config, pending, back.url)).claims()!;
    t.ok(Number(claims.auth_time) > Number(earlier.auth_time), 'auth_time is that of the new sign-in');
  });

  t.test('max_age older than the sign-in asks for a new one; prompt=none with it answers login_required', async (t) => {
    const browser = await signIn(stack, member);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const silent = await authorizationRequest(config, site!, { prompt: 'none', max_age: '1' });
    t.equal((await followPortal(browser, stack.bffUrl, silent.url)).url.searchParams.get('error'), 'login_required');
    const pending = await authorizationRequest(config, site!, { max_age: '1' });
    const atLogin = await followPortal(browser, stack.bffUrl, pending.url);
    t.equal(atLogin.url.pathname, '/en/login');
    const recent = await authorizationRequest(config, site!, { max_age: '3600' });
    t.ok((await followPortal(browser, stack.bffUrl, recent.url)).url.searchParams.get('code'), 'a generous max_age is satisfied');
  });
});

t.test('consent is answered only by its member in their own browser', async (t) => {
  /**
   * ASVS 10.7.1 / 10.7.2: a third-party site's consent question is read and answered only by the
   * member it was asked of, in the browser (portal session) that signed in, once, and with an
   * explicit Allow. Another member, another browser, no session, a made-up or used question,
   * a request without the CSRF header or without an answer: refused, and nothing is granted.
   */
  const sites = await startRelyingSites(t, [{ id: 'partner', firstParty: false }]);
  const [partner] = sites as [RelyingSite];
  const stack = await startStack(t, { env: oidcClientsEnv(sites) });
  const portal = stack.bffUrl;

  /** A member signed in who has been asked the partner's question: the browser, the question's uid and the way back to the site. */
  async function asked(browser?: TestClient, extra: Record<string, string> = {}) {
    const member = await createActiveMember(stack);
    const signedIn = browser ?? (await signIn(stack, member));
    const config = await siteClient(portal, partner);
    const pending = await authorizationRequest(config, partner, extra);
    const stop = await followPortal(signedIn, portal, pending.url);
    const uid = /\/site-consent\/([\w-]+)$/.exec(stop.url.pathname)?.[1] ?? '';
    return { member, browser: signedIn, uid, stop };
  }

  const path = (uid: string) => `/api/Member/SiteConsent/${uid}`;

  t.test('another member, another browser of the same member, and no session find no question', async (t) => {
    const victim = await asked();
    t.ok(victim.uid, 'the victim is asked');
    const intruder = await signIn(stack, await createActiveMember(stack));
    t.equal((await intruder.get(path(victim.uid))).status, 404, 'another member cannot read it');
    t.equal((await intruder.post(path(victim.uid), { allow: true })).status, 404, 'nor answer it');
    const otherBrowser = await signIn(stack, victim.member);
    t.equal((await otherBrowser.post(path(victim.uid), { allow: true })).status, 404, 'nor the member in another browser');
    const anonymous = createClient(portal);
    t.equal((await anonymous.get(path(victim.uid))).status, 401);
    t.equal((await anonymous.post(path(victim.uid), { allow: true })).status, 401);
    t.equal((await victim.browser.get(path(victim.uid))).body.data.site, 'partner', 'the member can still answer it');
  });

  t.test('another of the member’s own questions, a made-up one, or one answered already are unknown', async (t) => {
    const first = await asked();
    const second = await asked(first.browser);
    t.not(first.uid, second.uid);
    t.equal((await first.browser.post(path(second.uid), { allow: false })).body.code, 'ok', 'each question answers itself');
    t.equal((await first.browser.post(path(second.uid), { allow: true })).status, 404, 'never twice');
    t.equal((await first.browser.get(path('made-up-question-id'))).status, 404);
    t.equal((await first.browser.get(path('../../ConnectedSites'))).status, 404);
  });

  t.test('Allow is explicit: no CSRF header, no answer or a wrong one is refused; prompt=none never grants', async (t) => {
    const { browser, uid } = await asked();
    t.equal((await browser.post(path(uid), { allow: true }, { headers: { 'x-requested-with': undefined } })).status, 403);
    t.equal((await browser.post(path(uid), {})).status, 400, 'no answer');
    t.equal((await browser.post(path(uid), { allow: 'maybe' })).status, 400);
    t.equal((await browser.get(path(uid))).status, 200, 'still waiting for the member');

    // Signed in at the site with e-mail and profile; a silent request for more grants nothing.
    const allowed = await browser.post(path(uid), { allow: true });
    t.equal((await followPortal(browser, portal, allowed.body.data.continueTo)).url.searchParams.has('code'), true);
    const silent = await asked(browser, { prompt: 'none', scope: 'openid email profile phone' });
    t.equal(silent.stop.url.searchParams.get('error'), 'consent_required', 'the site hears consent_required, with no screen and no grant');
  });
});

t.test('pkce s256 is required for every client', async (t) => {
  /**
   * ASVS 5.0 V10.2: every client, confidential or public, must use PKCE with S256. A request
   * without a challenge, or with `plain`, never gets a code: the site hears invalid_request.
   */
  const sites = await startRelyingSites(t, [{ id: 'confidential' }, { id: 'public', public: true }]);
  const stack = await startStack(t, { env: oidcClientsEnv(sites) });
  const browser = await signIn(stack, await createActiveMember(stack));

  for (const site of sites) {
    t.test(`${site.id} client`, async (t) => {
      const config = await siteClient(stack.bffUrl, site);
      const valid = await authorizationRequest(config, site);

      const missing = new URL(valid.url);
      missing.searchParams.delete('code_challenge');
      missing.searchParams.delete('code_challenge_method');
      const noChallenge = await followPortal(browser, stack.bffUrl, missing);
      t.equal(noChallenge.url.searchParams.get('error'), 'invalid_request', 'no challenge: refused');
      t.notOk(noChallenge.url.searchParams.has('code'), 'and no code');

      const plain = new URL(valid.url);
      plain.searchParams.set('code_challenge', 'a'.repeat(43));
      plain.searchParams.set('code_challenge_method', 'plain');
      const plainAnswer = await followPortal(browser, stack.bffUrl, plain);
      t.equal(plainAnswer.url.searchParams.get('error'), 'invalid_request', 'plain: refused');
      t.notOk(plainAnswer.url.searchParams.has('code'), 'and no code');

      const ok = await followPortal(browser, stack.bffUrl, valid.url);
      t.ok(ok.url.searchParams.get('code'), 'with S256 the same browser gets a code');
    });
  }

  t.test('a code redeemed with the wrong verifier gives nothing', async (t) => {
    const site = sites[0]!;
    const config = await siteClient(stack.bffUrl, site);
    const pending = await authorizationRequest(config, site);
    const back = await followPortal(browser, stack.bffUrl, pending.url);
    const response = await fetch(new URL('/oidc/token', stack.bffUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${site.id}:${String(site.metadata.client_secret)}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.url.searchParams.get('code')!,
        redirect_uri: site.redirectUri,
        code_verifier: 'x'.repeat(43),
      }),
    });
    t.equal(response.status, 400);
    t.equal(((await response.json()) as { error: string }).error, 'invalid_grant');
  });
});

t.test('unregistered redirect uri shows an error and never redirects', async (t) => {
  /**
   * ASVS 5.0 V10.4: redirect URIs are matched exactly against the registered ones. Anything else
   * (another path, another port, an extra query, an unknown client) shows the portal's error page
   * in the member's language and sends the browser nowhere, code or not.
   */
  const [site] = await startRelyingSites(t, [{ id: 'shop' }]);
  const stack = await startStack(t, { env: oidcClientsEnv([site!]) });
  const browser = await signIn(stack, await createActiveMember(stack));
  const config = await siteClient(stack.bffUrl, site!);

  const registered = new URL(site!.redirectUri);
  const variants: Record<string, string> = {
    'another host': 'https://attacker.example/shop/cb',
    'another path': `${registered.origin}/shop/cb/extra`,
    'an extra query': `${site!.redirectUri}?next=https://attacker.example`,
    'another port': `http://127.0.0.1:1/shop/cb`,
    'a different case': site!.redirectUri.replace('/cb', '/CB'),
  };

  for (const [name, redirectUri] of Object.entries(variants)) {
    t.test(name, async (t) => {
      const pending = await authorizationRequest(config, site!, { redirect_uri: redirectUri, ui_locales: 'es' });
      const response = await browser.get(pending.url.pathname + pending.url.search, { headers: { accept: 'text/html' } });
      t.equal(response.status, 400);
      t.equal(response.headers.get('location'), null, 'no redirect');
      t.match(response.headers.get('content-type'), /text\/html/);
      t.match(response.text, /lang="es-es"/, 'the error page speaks the language asked for');
      t.notMatch(response.text, /attacker\.example/, 'the page names no address to go to');
    });
  }

  t.test('an unknown client', async (t) => {
    const pending = await authorizationRequest(config, site!, { client_id: 'nobody' });
    const response = await browser.get(pending.url.pathname + pending.url.search, { headers: { accept: 'text/html' } });
    t.equal(response.status, 400);
    t.equal(response.headers.get('location'), null);
  });

  t.test('a request without redirect_uri is refused even though the client has one registered', async (t) => {
    const pending = await authorizationRequest(config, site!);
    const url = new URL(pending.url);
    url.searchParams.delete('redirect_uri');
    const response = await browser.get(url.pathname + url.search, { headers: { accept: 'text/html' } });
    t.equal(response.status, 400);
    t.equal(response.headers.get('location'), null);
  });
});

t.test('only the code flow and signed tokens are offered', async (t) => {
  /**
   * ASVS 5.0 V10.1 and V10.6: no implicit or hybrid flow (no token in a front channel), no
   * `none` algorithm, and tokens signed by the portal's published keys.
   */
  const [site] = await startRelyingSites(t, [{ id: 'shop' }]);
  const stack = await startStack(t, { env: oidcClientsEnv([site!]) });
  const browser = await signIn(stack, await createActiveMember(stack));
  const config = await siteClient(stack.bffUrl, site!);

  for (const responseType of ['token', 'id_token', 'id_token token', 'code id_token', 'code token', 'none']) {
    t.test(`response_type=${responseType} is refused`, async (t) => {
      const pending = await authorizationRequest(config, site!, { response_type: responseType });
      const back = await followPortal(browser, stack.bffUrl, pending.url);
      // A front-channel response type answers in the fragment, as the specification says.
      const answer = new URLSearchParams(back.url.hash.slice(1) || back.url.search);
      t.notOk(answer.has('code') || answer.has('access_token') || answer.has('id_token'), 'nothing issued');
      const error = back.status === 400 ? 'shown' : answer.get('error');
      t.ok(error === 'shown' || error === 'unsupported_response_type' || error === 'invalid_request', `refused (${error})`);
    });
  }

  t.test('discovery and keys offer no none algorithm and no symmetric key', async (t) => {
    const meta = config.serverMetadata();
    for (const list of [meta.id_token_signing_alg_values_supported, meta.userinfo_signing_alg_values_supported]) {
      t.notOk((list ?? []).includes('none'));
    }
    t.same(meta.grant_types_supported?.sort(), ['authorization_code', 'refresh_token']);
    const jwks = (await (await fetch(new URL('/oidc/jwks', stack.bffUrl))).json()) as { keys: Array<Record<string, unknown>> };
    t.same(jwks.keys.map((key) => key.kty).sort(), ['EC', 'RSA']);
    t.notOk(
      jwks.keys.some((key) => 'd' in key || key.kty === 'oct'),
      'only public halves',
    );
  });

  t.test('the ID token is signed with RS256 by a published key', async (t) => {
    const pending = await authorizationRequest(config, site!);
    const tokens = await redeem(config, pending, (await followPortal(browser, stack.bffUrl, pending.url)).url);
    const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString()) as { alg: string; kid: string };
    t.equal(header.alg, 'RS256');
    const jwks = (await (await fetch(new URL('/oidc/jwks', stack.bffUrl))).json()) as { keys: Array<{ kid: string }> };
    t.ok(jwks.keys.some((key) => key.kid === header.kid));
  });
});
