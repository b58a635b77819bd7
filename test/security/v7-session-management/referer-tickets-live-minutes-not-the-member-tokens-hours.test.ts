import t from 'tap';
import { TICKET_VALID_SECONDS } from '../../../shared/limits.ts';
import { ManualClock } from '../../../server/common/clock.ts';
import { createClient } from '../../helper.ts';
import { SITE_KEY, startSignInStack } from '../../bff/sign-in-fixtures.ts';

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
