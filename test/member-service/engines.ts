import { postgresAvailable, postgresForFile } from '../helpers/postgres.ts';

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

/** Both storage engines for one test file; every test gets its own PostgreSQL database (postgresForFile). */
export function databaseEngines(root: TeardownTarget): DatabaseEngine[] {
  const postgres = postgresForFile(root);
  return [
    { name: 'SQLite', skip: false, databaseUrl: async () => undefined },
    {
      name: 'PostgreSQL',
      skip: !postgresAvailable(),
      databaseUrl: () => postgres.createDatabase(),
    },
  ];
}
