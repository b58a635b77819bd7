import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
}

const PG_INT8 = 20;

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Told about connections that fail while idle (the pool drops them and opens new ones). */
  onConnectionError?: (error: Error) => void;
}

/** Prepared statements kept per SQL text; texts with inlined values could be many, so the cache starts over past this. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew, which costs more than running most of them:
 * the same SQL text reuses its prepared statement (better-sqlite3 statements are reusable, and
 * SQLite re-prepares one itself after a schema change).
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDatabase.Database {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return new Proxy(sqlite, {
    get(target, property) {
      if (property !== 'prepare') {
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (sql: string) => {
        let statement = statements.get(sql);
        if (!statement) {
          if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
          statement = target.prepare(sql);
          statements.set(sql, statement);
        }
        return statement;
      };
    },
  });
}

/**
 * The PostgreSQL client, loaded only when a URL is given (about 50 ms to import, which the
 * embedded database's start skips). pg is a CommonJS package, so it loads synchronously.
 */
const loadPg = (): typeof pg => createRequire(import.meta.url)('pg') as typeof pg;

/** Opens PostgreSQL when a URL is given, else the embedded SQLite file DATA_DIR/members.sqlite. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pg = loadPg();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A server that accepts the connection but never completes the handshake (restarting,
      // overloaded, a dead network path) fails the query instead of holding it for ever.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      // Times are epoch milliseconds in bigint columns: well inside Number's exact range.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === PG_INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // Without a listener, a connection dropped by the server (a restart) would crash the process:
    // the pool's own listener covers idle connections, this one those in use between two queries.
    // A connection that failed is not queryable any more, and the pool drops it when it comes back.
    pool.on('error', (error) => options.onConnectionError?.(error));
    pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), engine: 'postgres' };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(join(options.dataDir, 'members.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  // In WAL mode NORMAL syncs the log at checkpoints, not at every commit: a committed write
  // survives a crash of the process and the database never corrupts; only a power loss or OS
  // crash may roll back the last commits, which FULL's fsync per commit would keep, at its cost
  // on every sign-in's token, ticket and event writes.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }), engine: 'sqlite' };
}
