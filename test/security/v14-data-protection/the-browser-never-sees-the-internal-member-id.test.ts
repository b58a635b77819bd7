import t from 'tap';
import { createActiveMember, createClient, signIn, startStack, validRegistration } from '../../helper.ts';

/*
 * The member service numbers members in sequence; a browser that saw that number could count
 * the members and guess its neighbours'. Spec section 3's user info names no such id, so no
 * reply the browser gets carries it: not the member read, not a profile change, not registration.
 */
const stack = await startStack(t);

t.test('registration answers with its proof only', async (t) => {
  const registered = await createClient(stack.bffUrl).post('/api/Member/Register', validRegistration(`new-${Date.now()}@example.com`));
  t.equal(registered.body.code, 'ok', registered.text);
  t.same(Object.keys(registered.body.data), ['registrationProof']);
});

t.test('the member read and a profile change carry no member id', async (t) => {
  const member = await createActiveMember(stack);
  const browser = await signIn(stack, member);
  const read = await browser.get('/api/Member');
  t.equal(read.body.data.userId, member.email);
  t.notOk('memberId' in read.body.data, 'the member read');
  const answers = { businessApplicationAreas: ['energy.ev-charging'], inProducts: ['networking'] };
  const changed = await browser.put('/api/member', { ...read.body.data, ...answers, firstName: 'Augusta' });
  t.equal(changed.body.code, 'ok', changed.text);
  t.notOk('memberId' in changed.body.data, 'the reply to a change');
  const subscribed = await browser.put('/api/Member/UpdateMemberSubscribe', { userId: member.email, isSubscribe: true });
  t.notOk('memberId' in (subscribed.body.data ?? {}), 'the reply to a subscription change');
});
