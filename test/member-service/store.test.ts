import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { MemberStatus } from '../../shared/enums.ts';
import { openMemberStore, type MemberStore } from '../../server/member-service/store/store.ts';
import { databaseEngines } from './engines.ts';
import { MADE_AT, newMemberRow, activeMember } from '../helpers/member-rows.ts';
import { postgresAvailable, startPostgres } from '../helpers/postgres.ts';
import { PASSWORD, startMemberService } from './service.ts';

t.test('store', async (t) => {
  const T0 = MADE_AT;

  for (const engine of databaseEngines(t)) {
    t.test(`store on ${engine.name}`, { skip: engine.skip }, async (t) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'member-store-test-'));
      const options = { dataDir, databaseUrl: await engine.databaseUrl() };
      let store: MemberStore = await openMemberStore(options);
      t.teardown(async () => {
        await store.close();
        await rm(dataDir, { recursive: true, force: true });
      });
      t.equal(store.engine, engine.name === 'SQLite' ? 'sqlite' : 'postgres');

      t.test('migrations run again without harm, data stays', async (t) => {
        const result = await store.members.register({ member: newMemberRow('keep@example.com'), consents: [] });
        t.ok('member' in result);
        await store.close();
        store = await openMemberStore(options);
        t.equal((await store.members.findByEmail('keep@example.com'))?.first_name, 'Grace');
      });

      t.test('registration stores the member, its consents and social link together', async (t) => {
        const result = await store.members.register({
          member: newMemberRow('linus@example.com', { business_application_areas: '["energy"]', is_subscribe: 1 }),
          consents: [
            { consent: 'global-policy', policyVersion: 'v1' },
            { consent: 'subscribe', policyVersion: 'v2' },
          ],
          social: { socialType: 1, socialId: 'g-123', socialEmail: 'linus@gmail.example', socialName: 'Linus' },
        });
        if (!('member' in result)) throw new Error('not registered');
        const { member } = result;
        t.type(member.id, 'number');
        t.equal(member.created_at, T0, 'times come back as numbers on both engines');
        t.equal(member.is_subscribe, 1);
        t.same(await store.members.findById(member.id), member);
        t.same(await store.members.findByPublicId('pid-linus@example.com'), member);
        t.match(await store.consents.list(member.id), [
          { consent: 'global-policy', policy_version: 'v1', given_at: T0 },
          { consent: 'subscribe', policy_version: 'v2', given_at: T0 },
        ]);
        t.match(await store.socialLinks.list(member.id), [{ social_type: 1, social_id: 'g-123', social_name: 'Linus', registered_at: T0 }]);

        t.same(await store.members.register({ member: newMemberRow('linus@example.com', { public_id: 'other' }), consents: [] }), {
          conflict: 'email',
        });
        t.same(
          await store.members.register({
            member: newMemberRow('someone@example.com'),
            consents: [{ consent: 'global-policy', policyVersion: 'v1' }],
            social: { socialType: 1, socialId: 'g-123', socialEmail: '', socialName: '' },
          }),
          { conflict: 'social' },
        );
        t.equal(await store.members.findByEmail('someone@example.com'), undefined, 'a refused registration leaves nothing behind');
      });

      t.test('a failing registration rolls back', async (t) => {
        const duplicatePublicId = newMemberRow('fresh@example.com', { public_id: 'pid-linus@example.com' });
        await t.rejects(
          store.members.register({ member: duplicatePublicId, consents: [] }),
          'a clash of public ids is an error, not a conflict',
        );
        // The social link insert fails after the member row was written: neither remains.
        const brokenLink = { socialType: 2, socialId: null as unknown as string, socialEmail: '', socialName: '' };
        await t.rejects(
          store.members.register({
            member: newMemberRow('fresh@example.com'),
            consents: [{ consent: 'global-policy', policyVersion: 'v1' }],
            social: brokenLink,
          }),
        );
        t.equal(await store.members.findByEmail('fresh@example.com'), undefined);
      });

      t.test('session tokens expire and can be revoked', async (t) => {
        const member = await store.members.findByEmail('linus@example.com');
        await store.sessions.create(member!.id, 'session-hash', T0, T0 + 1000);
        t.equal((await store.sessions.findMember('session-hash', T0 + 999))?.email, 'linus@example.com');
        t.equal(await store.sessions.findMember('session-hash', T0 + 1000), undefined, 'expired');
        t.equal(await store.sessions.findMember('other-hash', T0), undefined, 'unknown');
        t.equal(await store.sessions.revoke('session-hash', T0 + 1), true);
        t.equal(await store.sessions.findMember('session-hash', T0 + 2), undefined, 'revoked');
        t.equal(await store.sessions.revoke('session-hash', T0 + 3), false, 'only once');
      });

      t.test('activation tokens: newest supersedes, single use, expiry', async (t) => {
        const result = await store.members.register({ member: newMemberRow('ken@example.com'), consents: [] });
        if (!('member' in result)) throw new Error('not registered');
        const id = result.member.id;
        await store.activations.issue(id, 'first', T0, T0 + 1000);
        await store.activations.issue(id, 'second', T0 + 1, T0 + 1000);
        t.equal(await store.activations.consume(id, 'first', T0 + 2, true), 'invalid', 'superseded');
        t.equal(await store.activations.consume(id, 'second', T0 + 1000, true), 'invalid', 'expired');
        t.equal((await store.members.findById(id))?.status, MemberStatus.Unverified);
        await store.activations.issue(id, 'third', T0 + 3, T0 + 5000);
        t.equal(await store.activations.consume(id, 'unknown', T0 + 4, true), 'invalid');
        t.equal(await store.activations.consume(id, 'third', T0 + 4, true), 'activated');
        t.equal((await store.members.findById(id))?.status, MemberStatus.Active);
        t.equal(await store.activations.consume(id, 'third', T0 + 5, true), 'already-active');
        const other = await store.members.findByEmail('linus@example.com');
        t.equal(await store.activations.consume(other!.id, 'third', T0 + 5, true), 'invalid', "another member's token does not count");
      });

      t.test('update changes only the given columns', async (t) => {
        const member = await store.members.findByEmail('ken@example.com');
        const updated = await store.members.update(member!.id, { first_name: 'Kenneth', updated_at: T0 + 10 });
        t.match(updated, { first_name: 'Kenneth', last_name: 'Hopper', updated_at: T0 + 10, email: 'ken@example.com' });
        t.equal(await store.members.update(123456, { first_name: 'x' }), undefined);
      });

      t.test('ping', async (t) => {
        await t.resolves(store.ping());
      });
    });
  }
});

t.test('security events store', async (t) => {
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
      const newestOfAda = (await store.securityEvents.find(ada.id, `ev-${ada.id}-5`))!;
      const oldestOfAda = (await store.securityEvents.find(ada.id, `ev-${ada.id}-1`))!;
      t.ok(await store.securityEvents.hasEarlier(ada.id, 'signIn', newestOfAda.id), 'four sign-ins came before the lock');
      t.notOk(await store.securityEvents.hasEarlier(ada.id, 'signIn', oldestOfAda.id), 'nothing came before the first');
      t.notOk(await store.securityEvents.hasEarlier(bob.id, 'locked', newestOfAda.id + 1), 'another member has no lock');

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
});

t.test('passkeys store', async (t) => {
  const T0 = Date.UTC(2026, 0, 1);

  for (const engine of databaseEngines(t)) {
    t.test(`passkeys on ${engine.name}`, { skip: engine.skip }, async (t) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'passkeys-test-'));
      const store = await openMemberStore({ dataDir, databaseUrl: await engine.databaseUrl() });
      t.teardown(async () => {
        await store.close();
        await rm(dataDir, { recursive: true, force: true });
      });
      const ada = await activeMember(store, 'ada@example.com');
      const bob = await activeMember(store, 'bob@example.com');
      const passkey = (memberId: number, n: number) => ({
        memberId,
        publicId: `pk-${memberId}-${n}`,
        credentialId: `cred-${memberId}-${n}`,
        publicKey: 'AQID',
        signCount: 0,
        transports: ['internal'],
        name: `Key ${n}`,
        createdAt: T0 + n,
      });

      t.ok(await store.passkeys.add(passkey(ada.id, 1)));
      t.ok(await store.passkeys.add(passkey(ada.id, 2)), 'several per member');
      t.notOk(
        await store.passkeys.add({ ...passkey(bob.id, 1), credentialId: `cred-${ada.id}-1` }),
        'a credential id belongs to one member only',
      );
      const list = await store.passkeys.list(ada.id);
      t.same(
        list.map((p) => p.name),
        ['Key 1', 'Key 2'],
      );
      t.equal(list[0]!.created_at, T0 + 1, 'times come back as numbers');
      t.same(JSON.parse(list[0]!.transports), ['internal']);

      t.equal(await store.passkeys.rename(bob.id, `pk-${ada.id}-1`, 'Taken'), undefined, "another member's passkey is not found");
      t.equal((await store.passkeys.rename(ada.id, `pk-${ada.id}-1`, 'Laptop'))?.name, 'Laptop');
      t.equal(await store.passkeys.remove(bob.id, `pk-${ada.id}-2`), undefined, 'nor removed by another member');

      const row = (await store.passkeys.findByCredentialId(`cred-${ada.id}-1`))!;
      t.ok(await store.passkeys.used(row.id, 0, 5, T0 + 10), 'a use from the counter it was checked against');
      t.notOk(await store.passkeys.used(row.id, 0, 6, T0 + 11), 'a second use checked against the same counter loses');
      const after = (await store.passkeys.findByCredentialId(`cred-${ada.id}-1`))!;
      t.equal(Number(after.sign_count), 5);
      t.equal(after.last_used_at, T0 + 10);

      t.equal((await store.passkeys.remove(ada.id, `pk-${ada.id}-2`))?.public_id, `pk-${ada.id}-2`);
      t.same(
        (await store.passkeys.list(ada.id)).map((p) => p.name),
        ['Laptop'],
      );
    });
  }
});

t.test('database down', async (t) => {
  t.test('when the database goes away: 503 from /readyz and servererror without details', { skip: !postgresAvailable() }, async (t) => {
    const postgres = await startPostgres();
    t.teardown(() => postgres.stop());
    const service = await startMemberService(t, { databaseUrl: await postgres.createDatabase() });
    t.same((await service.call('GET', '/readyz', { serviceKey: null })).body, {
      isSuccess: true,
      code: 'ok',
      data: { database: 'ok', mailQueue: 'ok' },
    });

    await postgres.stop();
    const ready = await service.call('GET', '/readyz', { serviceKey: null });
    t.same(
      [ready.status, ready.body],
      [503, { isSuccess: false, code: 'servererror', data: { database: 'unavailable', mailQueue: 'unavailable' } }],
    );
    const login = await service.app.inject({
      method: 'POST',
      url: '/api/Member/Login',
      headers: { 'x-service-key': service.config.serviceKey },
      payload: { userId: 'ada@example.com', password: service.encode(PASSWORD) },
    });
    t.equal(login.statusCode, 500);
    t.same(login.json(), { isSuccess: false, code: 'servererror' }, 'no message, no stack trace');
    t.same(
      (await service.call('GET', '/healthz', { serviceKey: null })).body,
      { isSuccess: true, code: 'ok' },
      'the process itself is alive',
    );
  });
});
