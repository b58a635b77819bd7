import { readFileSync } from 'node:fs';
import t from 'tap';
import { README, readmeWithTable, unmatchedNotes } from '../../scripts/calls-table.ts';

/**
 * The member service README's "Calls" table is the one generated from the contract: every call
 * appears with the fields its schemas have, and nothing hand-written can name a call that is not
 * there. `npx tsx scripts/calls-table.ts` rewrites it.
 */
t.test('every call has its note and every note its call', async (t) => {
  t.same(unmatchedNotes(), { calls: [], notes: [] });
});

t.test('the README holds the table as generated', async (t) => {
  const readme = readFileSync(README, 'utf8');
  t.equal(readme, await readmeWithTable(readme), 'run `npx tsx scripts/calls-table.ts`');
});
