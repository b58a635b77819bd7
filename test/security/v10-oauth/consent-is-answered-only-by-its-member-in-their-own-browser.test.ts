import t from 'tap';
import { createActiveMember, createClient, signIn, startStack, type TestClient } from '../../helper.ts';
import {
  authorizationRequest,
  followPortal,
  oidcClientsEnv,
  siteClient,
  startRelyingSites,
  type RelyingSite,
} from '../../helpers/oidc-sites.ts';

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
