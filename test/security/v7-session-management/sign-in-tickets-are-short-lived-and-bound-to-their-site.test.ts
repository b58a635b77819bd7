import t, { type Test } from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { TICKET_VALID_SECONDS } from '../../../shared/limits.ts';
import { SITE_KEY, startSignInStack } from '../../bff/sign-in-fixtures.ts';
import { createClient, type TestClient } from '../../helper.ts';

/**
 * Sign-in tickets for company sites: bearer credentials that live minutes, travel only to their
 * own origin and end with their session.
 */

t.test('a ticket is redeemed only by the site it was sent to', async (t) => {
  /**
   * A sign-in ticket is a bearer credential for the site it was sent to. With each site's key bound
   * to that site (SSO_SITE_KEYS `site=key`), another company site that sees the ticket (a leaked
   * URL, a shared log) cannot redeem it, and its attempt leaves the ticket good for its own site.
   */
  const SHOP_KEY = 'shop-key-0123456789abcdef0123456789abcdef';
  const PARTNER_KEY = 'partner-key-0123456789abcdef0123456789ab';
  const ANY_SITE_KEY = 'any-site-key-0123456789abcdef0123456789a';
  const { stack, member, login } = await startSignInStack(t, {
    env: {
      ALLOWED_CALLBACK_HOSTS: 'shop.example, partner.example',
      SSO_SITE_KEYS: `shop.example=${SHOP_KEY}, partner.example=${PARTNER_KEY}, ${ANY_SITE_KEY}`,
    },
  });
  const ada = await member({ preferring: 0 });

  async function ticketFor(returnUrl: string) {
    const data = (await login(createClient(stack.bffUrl), ada.email, undefined, returnUrl)).body.data;
    return { memberId: data.id as string, tempId: data.tempId as string };
  }

  const redeem = (ticket: object, key: string) =>
    createClient(stack.bffUrl).post('/api/Member/CheckGoToProfile', ticket, { headers: { authorization: `Bearer ${key}` } });

  t.test("another site's key cannot redeem a ticket sent to the shop; the shop's can, once", async (t) => {
    const ticket = await ticketFor('https://shop.example/welcome');
    t.same((await redeem(ticket, PARTNER_KEY)).body, { isSuccess: false, code: 'TempIdInValid' }, 'the partner site is refused');
    const redeemed = await redeem(ticket, SHOP_KEY);
    t.match(redeemed.body, { isSuccess: true, code: 'ok', data: { userId: ada.email } }, 'the shop still redeems it');
    t.same((await redeem(ticket, SHOP_KEY)).body, { isSuccess: false, code: 'TempIdInValid' }, 'and only once');
  });

  t.test("a bound key redeems its own site's tickets; a key bound to no site redeems any", async (t) => {
    const forPartner = await ticketFor('https://partner.example/home');
    t.same((await redeem(forPartner, SHOP_KEY)).body.code, 'TempIdInValid', "the shop's key does not fit the partner's ticket");
    t.equal((await redeem(forPartner, PARTNER_KEY)).body.code, 'ok', "the partner's does");
    t.equal((await redeem(await ticketFor('https://shop.example/'), ANY_SITE_KEY)).body.code, 'ok', 'an unbound key, as before');
  });

  t.test('a made-up ticket is refused alike under a bound key', async (t) => {
    const reply = await redeem({ memberId: ada.publicId, tempId: 'A'.repeat(43) }, SHOP_KEY);
    t.same(reply.body, { isSuccess: false, code: 'TempIdInValid' });
  });
});

t.test('referer tickets live minutes not the member tokens hours', async (t) => {
  /**
   * ASVS 7.2.4 / 7.4: every sign-in ticket lives minutes, whatever its kind: the `referer` ticket a
   * company site gets to send the member back is as short-lived as the `sso` ticket, not as long
   * as the member token (8 hours by default).
   */
  t.test('a referer ticket older than the ticket lifetime signs nobody in', async (t) => {
    const clock = new ManualClock();
    const { stack, member, login } = await startSignInStack(t, { clock });
    const ada = await member({ preferring: 0 });
    const owner = createClient(stack.bffUrl);
    const signedIn = await login(owner, ada.email, undefined, 'https://shop.example/welcome');
    const redeemed = await createClient(stack.bffUrl).post(
      '/api/Member/CheckGoToProfile',
      { memberId: signedIn.body.data.id, tempId: signedIn.body.data.tempId },
      { headers: { authorization: `Bearer ${SITE_KEY}` } },
    );
    t.equal(redeemed.body.code, 'ok', 'the shop holds a referer ticket');

    clock.advance(TICKET_VALID_SECONDS * 1000 + 1000);
    t.equal((await owner.get('/api/Member')).status, 200, 'the session that issued it is still alive');
    const late = await createClient(stack.bffUrl).post('/api/Member/RefererLogin', { id: ada.publicId, tempId: redeemed.body.data.tempId });
    t.same(late.body.code, 'TempIdInValid', 'but the ticket is spent by time');
  });

  t.test('within its lifetime it signs in once', async (t) => {
    const clock = new ManualClock();
    const { stack, member, login } = await startSignInStack(t, { clock });
    const ada = await member({ preferring: 0 });
    const signedIn = await login(createClient(stack.bffUrl), ada.email, undefined, 'https://shop.example/welcome');
    const redeemed = await createClient(stack.bffUrl).post(
      '/api/Member/CheckGoToProfile',
      { memberId: signedIn.body.data.id, tempId: signedIn.body.data.tempId },
      { headers: { authorization: `Bearer ${SITE_KEY}` } },
    );
    clock.advance(TICKET_VALID_SECONDS * 1000 - 5000);
    const back = { id: ada.publicId, tempId: redeemed.body.data.tempId };
    t.equal((await createClient(stack.bffUrl).post('/api/Member/RefererLogin', back)).body.code, 'ok');
    t.equal((await createClient(stack.bffUrl).post('/api/Member/RefererLogin', back)).body.code, 'TempIdInValid', 'and only once');
  });
});

t.test('sign in tickets travel only over https or to named origins', async (t) => {
  // A sign-in ticket (`id`, `tempid`) is a bearer credential: whoever reads it signs in at the
  // company site. Over plain http or to another port it could be read or caught on the way.
  const { stack, member, login } = await startSignInStack(t, {
    env: { ALLOWED_CALLBACK_HOSTS: 'shop.example, http://localhost:8080, https://pay.example:9443' },
  });
  const ada = await member();

  async function signInFor(returnUrl: string) {
    return (await login(createClient(stack.bffUrl), ada.email, undefined, returnUrl)).body;
  }

  t.test('a host entry: the ticket goes to https on the default port only; elsewhere the member goes without one', async (t) => {
    const https = await signInFor('https://shop.example/cart');
    t.match(https.data, { redirectUrl: 'https://shop.example/cart', id: ada.publicId, tempId: /./ });

    for (const url of ['http://shop.example/cart', 'https://shop.example:8443/cart']) {
      const reply = await signInFor(url);
      t.equal(reply.data.redirectUrl, url, `${url}: still sent on`);
      t.same([reply.data.id, reply.data.tempId], [undefined, undefined], `${url}: without a ticket`);
    }
  });

  t.test('an entry naming scheme and port: that origin gets tickets, its neighbours nothing', async (t) => {
    for (const url of ['http://localhost:8080/welcome', 'https://pay.example:9443/checkout']) {
      t.match((await signInFor(url)).data, { redirectUrl: url, id: ada.publicId, tempId: /./ }, url);
    }
    for (const url of ['http://localhost:8081/welcome', 'https://localhost:8080/welcome', 'https://pay.example/checkout']) {
      const reply = await signInFor(url);
      t.same([reply.data.redirectUrl, reply.data.tempId], [undefined, undefined], `${url}: not allowed at all`);
    }
  });

  t.test('the same rule for the URL-encoded form the login form sends', async (t) => {
    const encoded = await signInFor(encodeURIComponent('http://shop.example/cart?x=1'));
    t.same([encoded.data.redirectUrl, encoded.data.tempId], ['http://shop.example/cart?x=1', undefined]);
    t.match((await signInFor(encodeURIComponent('https://shop.example/cart?x=1'))).data, {
      redirectUrl: 'https://shop.example/cart?x=1',
      tempId: /./,
    });
  });
});

t.test('a session ended by idle or absolute timeout revokes its ticket', async (t) => {
  /**
   * ASVS 7.3.1 / 7.3.2 / 7.4.1: a session that ends by its idle or absolute limit ends upstream as
   * well: its member token is revoked, so a sign-in ticket it issued to a company site can no longer
   * be redeemed, however little of the ticket's own life has passed.
   */
  async function signedInWithTicket(t: Test, env: NodeJS.ProcessEnv) {
    const clock = new ManualClock();
    const fixture = await startSignInStack(t, { clock, env });
    const ada = await fixture.member({ preferring: 0 });
    const browser = createClient(fixture.stack.bffUrl);
    const signedIn = await fixture.login(browser, ada.email, undefined, 'https://shop.example/welcome');
    t.equal(signedIn.body.code, 'ok');
    const ticket = { memberId: signedIn.body.data.id, tempId: signedIn.body.data.tempId };
    const redeem = (shop: TestClient) =>
      shop.post('/api/Member/CheckGoToProfile', ticket, { headers: { authorization: `Bearer ${SITE_KEY}` } });
    return { clock, browser, redeem, stack: fixture.stack };
  }

  t.test('idle timeout: the session, its token and its unredeemed ticket end together', async (t) => {
    const { clock, browser, redeem, stack } = await signedInWithTicket(t, { SESSION_IDLE_SECONDS: '60', SESSION_ABSOLUTE_SECONDS: '600' });
    clock.advance(61_000);
    t.equal((await browser.get('/api/Member')).status, 401, 'the browser comes back to an ended session');
    t.same((await redeem(createClient(stack.bffUrl))).body, { isSuccess: false, code: 'TempIdInValid' }, 'its ticket is void');
  });

  t.test('absolute timeout: the same, however active the browser was', async (t) => {
    const { clock, browser, redeem, stack } = await signedInWithTicket(t, { SESSION_IDLE_SECONDS: '100', SESSION_ABSOLUTE_SECONDS: '180' });
    for (let i = 0; i < 3; i += 1) {
      clock.advance(59_000);
      t.equal((await browser.get('/api/Member')).status, 200, 'active');
    }
    clock.advance(10_000);
    t.equal((await browser.get('/api/Member')).status, 401, 'past the absolute limit');
    t.same((await redeem(createClient(stack.bffUrl))).body, { isSuccess: false, code: 'TempIdInValid' }, 'its ticket is void');
  });
});
