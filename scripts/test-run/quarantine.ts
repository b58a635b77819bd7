import { existsSync, readFileSync } from 'node:fs';

/** test/quarantine.json: the only way to keep a known flaky test from failing the run. */
export const QUARANTINE_FILE = 'test/quarantine.json';

export interface QuarantineEntry {
  file: string;
  /** A top-level test's name; without it, the whole file. */
  test?: string;
  /** Why it is flaky and what would mend it. */
  reason: string;
  /** When it was quarantined (YYYY-MM-DD): an old entry is a debt to look at. */
  date: string;
}

/** Reads the list; an entry without a file, reason or date stops the run (no silent quarantine). */
export function readQuarantine(path = QUARANTINE_FILE): QuarantineEntry[] {
  if (!existsSync(path)) return [];
  const entries: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!Array.isArray(entries)) throw new Error(`${path}: expected an array of { file, test?, reason, date }`);
  return entries.map((entry: Partial<QuarantineEntry>, index) => {
    if (typeof entry?.file !== 'string' || !entry.file) throw new Error(`${path}[${index}]: file missing`);
    if (typeof entry.reason !== 'string' || entry.reason.trim().length < 10) throw new Error(`${path}[${index}]: give a reason`);
    if (typeof entry.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(entry.date)) throw new Error(`${path}[${index}]: date as YYYY-MM-DD`);
    if (entry.test !== undefined && typeof entry.test !== 'string') throw new Error(`${path}[${index}]: test must be a name`);
    return { file: entry.file, test: entry.test, reason: entry.reason, date: entry.date };
  });
}

export function quarantined(entries: QuarantineEntry[], file: string, test: string): QuarantineEntry | undefined {
  return entries.find((entry) => entry.file === file && (entry.test === undefined || entry.test === test));
}
