import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { databaseEngines } from './engines.ts';
import { activeMember } from '../helpers/member-rows.ts';

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
