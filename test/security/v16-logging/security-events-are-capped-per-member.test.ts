import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { SECURITY_EVENTS_KEPT_DAYS, SECURITY_EVENTS_KEPT_PER_MEMBER } from '../../../shared/limits.ts';
import { openMemberStore } from '../../../server/member-service/store/store.ts';
import { activeMember } from '../../helpers/member-rows.ts';

/*
 * Anyone who knows an address can add failed sign-ins to its activity; without a bound the list
 * (and the text requests put in it) grew without end. A member keeps a year of events, at most
 * SECURITY_EVENTS_KEPT_PER_MEMBER, the newest.
 */
const DAY = 24 * 60 * 60 * 1000;

t.test('the newest thousand events of the last year are kept, for each member on its own', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'events-cap-'));
  const store = await openMemberStore({ dataDir });
  t.teardown(async () => {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const member = await activeMember(store, 'sprayed@example.com');
  const neighbour = await activeMember(store, 'neighbour@example.com');
  const start = Date.UTC(2026, 0, 1);
  const event = (memberId: number, n: number, at: number) => ({
    memberId,
    publicId: `e-${memberId}-${n}`,
    type: 'signInFailed',
    at,
    device: '',
    ipPrefix: '203.0.113.0/24',
    method: 'password',
  });

  await store.securityEvents.record(event(neighbour.id, 0, start));
  const extra = 25;
  for (let n = 0; n < SECURITY_EVENTS_KEPT_PER_MEMBER + extra; n += 1) await store.securityEvents.record(event(member.id, n, start + n));
  const kept = await store.securityEvents.page(member.id, undefined, SECURITY_EVENTS_KEPT_PER_MEMBER + extra);
  t.equal(kept.length, SECURITY_EVENTS_KEPT_PER_MEMBER, 'at most a thousand');
  t.equal(kept[0]?.public_id, `e-${member.id}-${SECURITY_EVENTS_KEPT_PER_MEMBER + extra - 1}`, 'the newest first');
  t.equal(kept.at(-1)?.public_id, `e-${member.id}-${extra}`, 'the oldest ones went');
  t.equal((await store.securityEvents.page(neighbour.id, undefined, 10)).length, 1, "another member's events are untouched");

  const nextYear = start + (SECURITY_EVENTS_KEPT_DAYS + 1) * DAY;
  await store.securityEvents.record(event(member.id, 99_999, nextYear));
  t.same(
    (await store.securityEvents.page(member.id, undefined, 10)).map((row) => row.public_id),
    [`e-${member.id}-99999`],
    'a year later only the new event is left',
  );
});
