import t from 'tap';
import { createActiveMember, signIn, startStack } from '../../helper.ts';
import { authorizationRequest, oidcClientsEnv, siteClient, startRelyingSites } from '../../helpers/oidc-sites.ts';

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
