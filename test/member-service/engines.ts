import { postgresAvailable, startPostgres, type PostgresServer } from '../helpers/postgres.ts';

interface TeardownTarget {
  teardown(fn: () => unknown): void;
}

export interface DatabaseEngine {
  name: 'SQLite' | 'PostgreSQL';
  /** PostgreSQL tests are skipped only where its binaries are not installed. */
  skip: boolean;
  /** A fresh, empty database: undefined means the SQLite file under the service's DATA_DIR. */
  databaseUrl(): Promise<string | undefined>;
}

/**
 * Both storage engines for one test file. The PostgreSQL server starts on first use and
 * stops when the file's tests end; every test gets its own database on it.
 */
export function databaseEngines(root: TeardownTarget): DatabaseEngine[] {
  let server: Promise<PostgresServer> | undefined;
  root.teardown(async () => {
    if (server) await (await server).stop();
  });
  return [
    { name: 'SQLite', skip: false, databaseUrl: async () => undefined },
    {
      name: 'PostgreSQL',
      skip: !postgresAvailable(),
      async databaseUrl() {
        server ??= startPostgres();
        return (await server).createDatabase();
      },
    },
  ];
}
