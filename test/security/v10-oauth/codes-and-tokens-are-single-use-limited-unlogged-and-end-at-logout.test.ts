import t from 'tap';
import * as client from 'openid-client';
import { createActiveMember, createClient, signIn, startStack } from '../../helper.ts';
import {
  authorizationRequest,
  followPortal,
  oidcClientsEnv,
  redeem,
  siteClient,
  startRelyingSites,
  verifyLogoutToken,
} from '../../helpers/oidc-sites.ts';

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
