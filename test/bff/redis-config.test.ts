import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBffConfig } from '../../server/bff/config.ts';
import { buildBff } from '../helper.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-redis-config-'));
t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir };

t.test('without REDIS_URL the in-process store is used; the key prefix defaults to portal:', async (t) => {
  const config = loadBffConfig(base);
  t.equal(config.redisUrl, undefined);
  t.equal(config.redisKeyPrefix, 'portal:');
  const { app } = await buildBff(t);
  const ready = await app.inject({ url: '/readyz' });
  t.equal(ready.json().data.store, 'ok', 'the in-process store is always ready (the absent member service is not)');
  t.equal(ready.json().data.upstream, 'unavailable');
});

t.test('REDIS_URL and REDIS_KEY_PREFIX are read and checked', async (t) => {
  const config = loadBffConfig({ ...base, REDIS_URL: 'rediss://:secret@redis.example.com:6380/2', REDIS_KEY_PREFIX: 'member-portal.eu:' });
  t.equal(config.redisUrl, 'rediss://:secret@redis.example.com:6380/2');
  t.equal(config.redisKeyPrefix, 'member-portal.eu:');
  t.throws(() => loadBffConfig({ ...base, REDIS_URL: 'http://redis.example.com' }), /REDIS_URL/);
  t.throws(() => loadBffConfig({ ...base, REDIS_URL: 'redis://redis host' }), /REDIS_URL/);
  t.throws(() => loadBffConfig({ ...base, REDIS_KEY_PREFIX: 'portal *' }), /REDIS_KEY_PREFIX/);
  t.throws(() => loadBffConfig({ ...base, REDIS_KEY_PREFIX: 'x'.repeat(65) }), /REDIS_KEY_PREFIX/);
  t.equal(loadBffConfig({ ...base, REDIS_URL: ' ', REDIS_KEY_PREFIX: '' }).redisUrl, undefined, 'empty counts as unset');
});
