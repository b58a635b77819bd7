import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { databaseEngines } from './engines.ts';
import { activeMember } from '../helpers/member-rows.ts';

const T0 = Date.UTC(2026, 0, 1);

for (const engine of databaseEngines(t)) {
  t.test(`security events on ${engine.name}`, { skip: engine.skip }, async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'security-events-test-'));
    const store = await openMemberStore({ dataDir, databaseUrl: await engine.databaseUrl() });
    t.teardown(async () => {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    const ada = await activeMember(store, 'ada@example.com');
    const bob = await activeMember(store, 'bob@example.com');
    const event = (memberId: number, n: number, type = 'signIn') => ({
      memberId,
      publicId: `ev-${memberId}-${n}`,
      type,
      at: T0 + n,
      device: 'Chrome 131 · Windows 10',
      ipPrefix: '203.0.113.0/24',
      method: 'password',
    });
    for (let n = 1; n <= 5; n++) await store.securityEvents.record(event(ada.id, n, n === 5 ? 'locked' : 'signIn'));
    await store.securityEvents.record(event(bob.id, 1));

    const newest = await store.securityEvents.page(ada.id, undefined, 3);
    t.same(
      newest.map((e) => e.public_id),
      [`ev-${ada.id}-5`, `ev-${ada.id}-4`, `ev-${ada.id}-3`],
      'newest first',
    );
    t.equal(newest[0]!.at, T0 + 5, 'times come back as numbers');
    t.same(
      (await store.securityEvents.page(ada.id, `ev-${ada.id}-3`, 3)).map((e) => e.public_id),
      [`ev-${ada.id}-2`, `ev-${ada.id}-1`],
    );
    t.same(await store.securityEvents.page(ada.id, `ev-${bob.id}-1`, 3), [], "another member's event is no cursor");
    t.equal(await store.securityEvents.find(ada.id, `ev-${bob.id}-1`), undefined, "another member's event is not found");
    t.ok(await store.securityEvents.hasAny(ada.id, 'locked'));
    t.notOk(await store.securityEvents.hasAny(bob.id, 'locked'));

    const target = (await store.securityEvents.find(ada.id, `ev-${ada.id}-4`))!;
    await store.securityEvents.setLinkToken(target.id, 'hash-1', T0 + 100);
    t.equal((await store.securityEvents.findByLink(`ev-${ada.id}-4`, 'hash-1', T0 + 99))?.id, target.id);
    t.equal(await store.securityEvents.findByLink(`ev-${ada.id}-3`, 'hash-1', T0 + 99), undefined, 'the token fits its own event only');
    t.equal(await store.securityEvents.findByLink(`ev-${ada.id}-4`, 'hash-1', T0 + 100), undefined, 'an expired link finds nothing');

    await store.sessions.create(ada.id, 'token-a1', T0, T0 + 1e9);
    await store.sessions.create(ada.id, 'token-a2', T0, T0 + 1e9);
    await store.sessions.create(bob.id, 'token-b1', T0, T0 + 1e9);
    await store.tickets.issue({
      memberId: ada.id,
      sessionTokenHash: 'token-a1',
      purpose: 'sso',
      ticketHash: 'ticket-a',
      now: T0,
      expiresAt: T0 + 1e9,
    });
    await store.securityEvents.endEverything(target, T0 + 10);
    t.equal(await store.securityEvents.findByLink(`ev-${ada.id}-4`, 'hash-1', T0 + 11), undefined, 'a used link finds nothing');
    t.equal(await store.sessions.findMember('token-a1', T0 + 11), undefined, 'every token of the member ends');
    t.equal(await store.sessions.findMember('token-a2', T0 + 11), undefined);
    t.equal((await store.sessions.findMember('token-b1', T0 + 11))?.id, bob.id, "another member's token lives on");
    t.equal(await store.tickets.redeem(ada.public_id, 'sso', 'ticket-a', T0 + 11), undefined, 'and no ticket can be redeemed');
  });
}
