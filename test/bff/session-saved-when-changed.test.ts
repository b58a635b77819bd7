import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { createActiveMember, signIn, startStack } from '../helper.ts';

const sessionCookieSet = (headers: Headers) => headers.getSetCookie().some((line) => line.startsWith('portal-session='));

t.test('a signed-in read saves the session only when its last-seen time moved on', async (t) => {
  const clock = new ManualClock();
  const stack = await startStack(t, { clock, env: { SESSION_IDLE_SECONDS: '1800', SESSION_ABSOLUTE_SECONDS: '7200' } });
  const member = await createActiveMember(stack);
  const browser = await signIn(stack, member);

  const first = await browser.get('/api/Member');
  t.equal(first.status, 200);
  t.notOk(sessionCookieSet(first.headers), 'an unchanged session is not saved again (no new cookie)');

  clock.advance(1_000);
  const soon = await browser.get('/api/Member');
  t.equal(soon.status, 200);
  t.notOk(sessionCookieSet(soon.headers), 'a second later the recorded last-seen time still holds');

  clock.advance(60_000);
  const later = await browser.get('/api/Member');
  t.equal(later.status, 200);
  t.ok(sessionCookieSet(later.headers), 'a minute later the request is recorded (the session saved, its cookie sent)');

  clock.advance(1_799_000);
  t.equal((await browser.get('/api/Member')).status, 200, 'idle time counts from that recorded request');
});
