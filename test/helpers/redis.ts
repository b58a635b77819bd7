import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../helper.ts';
import { engineInstalled } from './engine-required.ts';

const run = promisify(execFile);

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server by its pid and waits until the port refuses connections; its data is gone. */
  stop(): Promise<void>;
  /** Starts it again on the same port (empty, as nothing is saved). */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  destroy(): Promise<void>;
}

export function redisAvailable(): boolean {
  return engineInstalled(
    'Redis',
    ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].some((path) => existsSync(path)),
  );
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`redis-server: timed out waiting until ${what}`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts a throwaway redis-server on a free loopback port: nothing saved to disk, daemonized
 * with a pidfile so that exactly this process is stopped afterwards.
 */
export async function startRedis(options: { databases?: number } = {}): Promise<RedisServer> {
  const dir = await mkdtemp(join(tmpdir(), 'redis-test-'));
  const pidFile = join(dir, 'redis.pid');
  let port = await freePort();
  let pid: number | undefined;

  async function start() {
    await rm(pidFile, { force: true });
    await run('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'yes',
      '--pidfile',
      pidFile,
      '--dir',
      dir,
      '--logfile',
      join(dir, 'log'),
      ...(options.databases ? ['--databases', String(options.databases)] : []),
    ]);
    // The pidfile can exist before its number is in it: a pid read as 0 would make stop()
    // signal the test's own process group, which ends the test file without a word.
    let written = Number.NaN;
    await waitFor(async () => {
      written = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
      return written > 0 && (await accepts(port));
    }, 'it accepts connections');
    pid = written;
  }

  async function stop() {
    if (pid === undefined) return;
    const stopping = pid;
    pid = undefined;
    if (processAlive(stopping)) process.kill(stopping, 'SIGTERM');
    await waitFor(async () => !processAlive(stopping) && !(await accepts(port)), 'it has stopped');
  }

  // Another process may take the chosen port before redis-server binds it: try another one.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await start();
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
      port = await freePort();
    }
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    async destroy() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A server of the test's own, stopped and removed when the test ends: for tests that stop and
 * start it. Others take `redisForFile`.
 */
export async function startRedisFor(t: { teardown(fn: () => unknown): void }): Promise<RedisServer> {
  const server = await startRedis();
  t.teardown(() => server.destroy());
  return server;
}

/**
 * Set by scripts/run-tests.ts, which starts one redis-server for the whole run with many
 * databases (`--databases`); database 0 holds only the counter that hands out the others.
 */
const SHARED_URL = 'TEST_REDIS_URL';
const DATABASE_COUNTER = 'test-run:next-database';

/**
 * A Redis of the test's own to read and write: under `npm test` an empty database of the run's
 * server (its number in the URL, so every client of the test uses it), else (a file run
 * alone) a server of its own, removed when the test ends.
 */
export async function redisForFile(t: { teardown(fn: () => unknown): void }): Promise<{ url: string }> {
  const shared = process.env[SHARED_URL];
  if (!shared) return startRedisFor(t);
  const { Redis } = await import('ioredis');
  const counter = new Redis(shared, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    const database = await counter.incr(DATABASE_COUNTER);
    return { url: `${shared}/${database}` };
  } finally {
    counter.disconnect();
  }
}
