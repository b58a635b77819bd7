import { createServer, request } from 'node:http';
import t from 'tap';
import * as client from 'openid-client';
import { freePort, startAnotherBff, startStack } from '../helper.ts';
import {
  authorizationRequest,
  createReturningMember,
  oidcClientsEnv,
  redeem,
  siteClient,
  startRelyingSites,
  verifyLogoutToken,
} from '../helpers/oidc-sites.ts';
import { redisAvailable, redisForFile } from '../helpers/redis.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * Two portal instances (same PUBLIC_ORIGIN, secrets and REDIS_URL) behind one address serve one
 * OpenID Connect flow, in Chromium with openid-client as the site's library: the member signs in
 * through instance A, the site redeems the code and refreshes at instance B, the member signs
 * out at B and the site receives a verified back-channel logout token.
 *
 * The one address is a tiny loopback load balancer. Its choice of instance is the test's, made
 * before each step, so that every step provably lands where it says; it passes the Host header
 * on unchanged, as a load balancer in front of the portal does.
 */
type Instance = 'A' | 'B';

/** The load balancer: forwards every request to the chosen instance and records who answered what. */
async function startLoadBalancer(port: number, instances: Record<Instance, string>) {
  const balancer = { to: 'A' as Instance, served: [] as Array<{ instance: Instance; path: string }> };
  const server = createServer((req, res) => {
    const instance = balancer.to;
    const target = new URL(instances[instance]);
    balancer.served.push({ instance, path: (req.url ?? '').split('?')[0]! });
    const forwarded = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    /** Sends what follows to this instance. */
    use(instance: Instance) {
      balancer.to = instance;
    },
    answeredBy: (path: string) => new Set(balancer.served.filter((entry) => entry.path === path).map((entry) => entry.instance)),
  };
}

if (!redisAvailable()) {
  t.test('two portals on one Redis in a browser', { skip: 'redis-server is not installed' }, async () => {});
} else {
  const redis = await redisForFile(t);
  const balancerPort = await freePort();
  const portal = `http://127.0.0.1:${balancerPort}`;
  const [shop] = await startRelyingSites(t, [{ id: 'shop' }]);
  const stack = await startStack(t, {
    env: { PUBLIC_ORIGIN: portal, REDIS_URL: redis.url, CLIENT_DIR: await builtClientDir(), ...oidcClientsEnv([shop!]) },
  });
  const other = await startAnotherBff(t, stack);
  const balancer = await startLoadBalancer(balancerPort, { A: stack.bffUrl, B: other.url });
  const browser = await launchBrowser(t);

  t.test('sign in through A, redeem and refresh at B, sign out at B: the site hears of it', async (t) => {
    const member = await createReturningMember(stack);
    const page = await (await newContext(browser, portal)).newPage();
    page.setDefaultTimeout(15_000);
    const text = textsOf('en');

    balancer.use('A');
    const config = await siteClient(portal, shop!);
    const pending = await authorizationRequest(config, shop!, { scope: 'openid email offline_access' });
    await page.goto(pending.url.href);
    await page.waitForURL((url) => url.pathname === '/en/login');
    await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
    await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
    await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
    await page.waitForURL((url) => url.href.startsWith(shop!.redirectUri));
    t.same(balancer.answeredBy('/oidc/auth'), new Set(['A']), 'the authorization and sign-in went through A');

    balancer.use('B');
    const tokens = await redeem(config, pending, new URL(page.url()));
    const { sub, sid, iss } = tokens.claims()!;
    t.equal(iss, portal, 'one issuer whichever instance answers');
    t.same(balancer.answeredBy('/oidc/token'), new Set(['B']), 'the code issued by A was redeemed at B');
    t.ok(tokens.refresh_token, 'with a refresh token for offline access');

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    t.not(refreshed.refresh_token, tokens.refresh_token, 'B rotated the refresh token');
    t.equal(refreshed.claims()?.sub, sub, 'for the same member');

    const heard = shop!.nextLogoutToken();
    await page.goto('/en/my-account');
    await page.getByRole('link', { name: text('common.signOut') }).click();
    await page.waitForURL('**/en/login');
    t.same(balancer.answeredBy('/api/Member/Logout'), new Set(['B']), 'the member signed out at B');
    const logout = await verifyLogoutToken(portal, shop!, await heard);
    t.equal(logout.sub, sub, 'the site received a verified logout token for its member');
    t.equal(logout.sid, sid, 'naming the session it signed in with');
  });
}
