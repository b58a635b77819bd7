import t from 'tap';
import { createClient } from '../../helper.ts';
import { SITE_KEY, startSignInStack } from '../../bff/sign-in-fixtures.ts';

/**
 * ASVS 7.4.x / 7.5.2: disowning an event ("This wasn't me") must leave an intruder nothing: no
 * portal session, no member token, and no sign-in ticket a company site could still redeem,
 * whichever browser the ticket was issued to.
 */
t.test("This wasn't me: the intruder's session, its member token and its unredeemed ticket all stop working", async (t) => {
  const { stack, member, login } = await startSignInStack(t);
  const ada = await member({ preferring: 0 });
  const owner = createClient(stack.bffUrl);
  await login(owner, ada.email);

  const intruder = createClient(stack.bffUrl);
  const signedIn = await login(intruder, ada.email, undefined, 'https://shop.example/welcome');
  const ticket = { memberId: signedIn.body.data.id, tempId: signedIn.body.data.tempId };
  t.match(ticket.tempId, /^[A-Za-z0-9_-]{43}$/, 'the intruder holds a ticket for the company site');

  const events = (await owner.get('/api/Member/SecurityEvents')).body.data.events;
  const intrusion = events.find((e: { type: string }) => e.type === 'signIn');
  t.same((await owner.post('/api/Member/SecurityEvents/NotMe', { eventId: intrusion.id })).body, { isSuccess: true, code: 'ok' });

  t.equal((await intruder.get('/api/Member/Sessions')).status, 401, "the intruder's session is gone");
  t.same((await intruder.get('/api/Member/IsLogin')).body.data, { isLogin: false });
  const shop = createClient(stack.bffUrl);
  const redeemed = await shop.post('/api/Member/CheckGoToProfile', ticket, { headers: { authorization: `Bearer ${SITE_KEY}` } });
  t.same(redeemed.body, { isSuccess: false, code: 'TempIdInValid' }, 'the ticket can no longer be redeemed');
});
