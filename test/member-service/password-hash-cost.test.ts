import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { loadMemberServiceConfig } from '../../server/member-service/config.ts';
import { ARGON2ID_COSTS, passwordHasher } from '../../server/member-service/security/passwords.ts';

// Tests hash at a test-only cost (test/helpers/hashing.ts); this file proves what production does.

const dataDir = await mkdtemp(join(tmpdir(), 'hash-cost-'));
t.teardown(() => rm(dataDir, { recursive: true, force: true }));

t.test('without PASSWORD_HASH_COST, new hashes are argon2id with the parameters the README gives', async (t) => {
  const readme = await readFile(new URL('../../server/member-service/README.md', import.meta.url), 'utf8');
  const stated = /argon2id hashes \(m=(\d+) KiB, t=(\d+), p=(\d+)\)/.exec(readme);
  t.ok(stated, 'the member-service README states the parameters');
  const [memory, passes, lanes] = stated!.slice(1).map(Number);

  const config = loadMemberServiceConfig({ DATA_DIR: dataDir });
  t.equal(config.passwordHashCost, 'production');
  t.match(ARGON2ID_COSTS.production, { memoryCost: memory, timeCost: passes, parallelism: lanes });
  const stored = await passwordHasher(config.passwordHashCost).hash('Secret123');
  t.match(stored, new RegExp(`^\\$argon2id\\$v=19\\$m=${memory},t=${passes},p=${lanes}\\$`), 'the stored hash carries them');
});

t.test('the test-only cost is refused in production', async (t) => {
  t.throws(
    () => loadMemberServiceConfig({ DATA_DIR: dataDir, PASSWORD_HASH_COST: 'test-only', NODE_ENV: 'production' }),
    /^Invalid PASSWORD_HASH_COST/,
  );
  t.throws(() => loadMemberServiceConfig({ DATA_DIR: dataDir, PASSWORD_HASH_COST: 'cheap' }), /^Invalid PASSWORD_HASH_COST/);
  t.equal(loadMemberServiceConfig({ DATA_DIR: dataDir, PASSWORD_HASH_COST: 'test-only' }).passwordHashCost, 'test-only');
});

t.test('a hash verifies whatever cost the verifier is set to, since it carries its own parameters', async (t) => {
  const cheap = passwordHasher('test-only');
  const production = passwordHasher('production');
  const stored = await cheap.hash('Secret123');
  t.match(stored, /^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
  t.ok(await production.verify(stored, 'Secret123'));
  t.notOk(await production.verify(stored, 'Secret124'));
  t.notOk(await cheap.verify(undefined, 'Secret123'), 'no stored hash never matches');
});
