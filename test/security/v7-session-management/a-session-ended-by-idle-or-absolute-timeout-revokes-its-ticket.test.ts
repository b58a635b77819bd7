import t, { type Test } from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { createClient, type TestClient } from '../../helper.ts';
import { SITE_KEY, startSignInStack } from '../../bff/sign-in-fixtures.ts';

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
