import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
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

/** Opens PostgreSQL when a URL is given, else the embedded SQLite file DATA_DIR/members.sqlite. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
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
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), engine: 'sqlite' };
}
