import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { MemberStatus } from '../../shared/enums.ts';
import { openMemberStore, type MemberStore } from '../../server/member-service/store/store.ts';
import { databaseEngines } from './engines.ts';
import { MADE_AT, newMemberRow } from '../helpers/member-rows.ts';

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
