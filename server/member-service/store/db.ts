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
      // Times are epoch milliseconds in bigint columns: well inside Number's exact range.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === PG_INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // Without a listener, an idle connection dropped by the server would crash the process.
    pool.on('error', (error) => options.onConnectionError?.(error));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), engine: 'postgres' };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(join(options.dataDir, 'members.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), engine: 'sqlite' };
}
