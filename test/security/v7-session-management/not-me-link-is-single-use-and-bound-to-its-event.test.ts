import t from 'tap';
import { createActiveMember, createClient, signIn, startStack } from '../../helper.ts';
import { findLink, waitForMail } from '../../helpers/outbox.ts';

const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * The new-device mail's "This wasn't me" link works without a session, so its token is the only
 * proof: it must fit its own event only, work once, and a guessed token must do nothing.
 */
t.test('the link token fits only its event, works once, and guesses do nothing', async (t) => {
  const stack = await startStack(t);
  const member = await createActiveMember(stack);
  const owner = await signIn(stack, member);
  const other = createClient(stack.bffUrl);
  await other.post('/api/Member/Login', { userId: member.email, password: member.password }, { headers: { 'user-agent': SAFARI } });
  const link = findLink(await waitForMail(stack.dataDir, member.email, { count: 2 }), '/not-me/');
  t.ok(link, 'the second browser brought a new-device mail');
  const [, , , eventId = '', token = ''] = new URL(link!).pathname.split('/').map(decodeURIComponent);
  const ownSignIn = (await owner.get('/api/Member/SecurityEvents')).body.data.events.find(
    (e: { id: string; type: string }) => e.type === 'signIn' && e.id !== eventId,
  );

  const anonymous = createClient(stack.bffUrl);
  const notMe = (body: object) => anonymous.post('/api/Member/SecurityEvents/NotMe', body);
  t.equal((await notMe({ eventId: ownSignIn.id, token })).status, 404, "the token does not fit another event of the member's");
  t.equal(
    (await notMe({ eventId, token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` })).status,
    404,
    'a token one character off finds nothing',
  );
  t.equal((await notMe({ eventId })).status, 401, 'without a token the action needs a session');
  t.same((await owner.get('/api/Member/IsLogin')).body.data, { isLogin: true }, 'none of that ended anything');

  t.same((await notMe({ eventId, token })).body, { isSuccess: true, code: 'ok' });
  t.equal((await notMe({ eventId, token })).status, 404, 'a second use finds nothing');
  t.same((await owner.get('/api/Member/IsLogin')).body.data, { isLogin: false });
});
