import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { engineInstalled } from './engine-required.ts';

const run = promisify(execFile);

export interface PostgresServer {
  /** Connection URL of the server's `postgres` database. */
  url: string;
  /** Creates an empty database and returns its URL: one per test keeps tests apart. */
  createDatabase(name?: string): Promise<string>;
  /** Shuts the server down as an operator would (open connections are ended) and starts it again on its port and data. */
  restart(options?: { downMs?: number }): Promise<void>;
  stop(): Promise<void>;
}

/** The PostgreSQL binaries: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
function binDir(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

export function postgresAvailable(): boolean {
  return engineInstalled('PostgreSQL', binDir() !== undefined);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user. */
function asPostgres(command: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  return isRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
}

/**
 * Starts a throwaway PostgreSQL server on a free loopback port, with its data in a temporary
 * directory. A test that stops or restarts the server needs its own; others take
 * `postgresForFile`, which shares the run's server.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDir();
  if (!bin) throw new Error('PostgreSQL binaries not found (set PG_BIN)');
  const dir = await mkdtemp(join(tmpdir(), 'pg-test-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const dataDir = join(dir, 'data');
  await asPostgres(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);

  let port = 0;
  const start = () =>
    asPostgres(join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-l',
      join(dir, 'log'),
      '-w',
      'start',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
    ]);
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      await start();
      break;
    } catch (error) {
      // Another process may have taken the port between choosing and binding it.
      if (attempt >= 3) throw error;
    }
  }

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let databases = 0;
  return {
    url,
    async createDatabase(name = `test_${process.pid}_${++databases}`) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`;
    },
    async restart({ downMs = 0 } = {}) {
      await asPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    async stop() {
      await asPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

interface TeardownTarget {
  teardown(fn: () => unknown): void;
}

export interface DatabaseSource {
  /** A database for one test; already migrated when it is a copy of the run's template. */
  createDatabase(): Promise<string>;
}

/**
 * Set by scripts/run-tests.ts, which starts one PostgreSQL for the whole run and migrates a
 * template database on it: `TEST_POSTGRES_URL` (its `postgres` database) and
 * `TEST_POSTGRES_TEMPLATE` (the template's name).
 */
const SHARED_URL = 'TEST_POSTGRES_URL';
const SHARED_TEMPLATE = 'TEST_POSTGRES_TEMPLATE';

/** Copies the run's template (`CREATE DATABASE … TEMPLATE`): a few milliseconds instead of a cluster and a migration. */
/** Per process, not per source: a test file may ask for several sources on the one server. */
let sharedDatabases = 0;

function sharedServer(url: string, template: string | undefined): DatabaseSource {
  return {
    async createDatabase() {
      const name = `test_${process.pid}_${++sharedDatabases}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create database "${name}"${template ? ` template "${template.replace(/"/g, '')}"` : ''}`);
      } finally {
        await client.end();
      }
      const database = new URL(url);
      database.pathname = `/${name}`;
      return database.toString();
    },
  };
}

/**
 * Databases for one test file: copies of the run's template on the run's server under
 * `npm test`, else (a file run alone) empty databases on a server of the file's own, started
 * on first use and stopped when the file's tests end.
 */
export function postgresForFile(root: TeardownTarget): DatabaseSource {
  const url = process.env[SHARED_URL];
  if (url) return sharedServer(url, process.env[SHARED_TEMPLATE]);
  let server: Promise<PostgresServer> | undefined;
  root.teardown(async () => {
    if (server) await (await server).stop();
  });
  return {
    async createDatabase() {
      server ??= startPostgres();
      return (await server).createDatabase();
    },
  };
}
