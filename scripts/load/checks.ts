/** What must hold after the load: nothing answered ok is missing, and the lock counts across instances. */
import pg from 'pg';
import { LOCKOUT_MAX_FAILURES } from '../../shared/limits.ts';
import { Browser } from './browser.ts';
import type { LoadCluster } from './cluster.ts';
import type { Member } from './members.ts';

/** Registrations answered ok that are not in the members table. */
export async function lostRegistrations(databaseUrl: string, registered: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string }>('select email from members where email = any($1)', [registered]);
    const stored = new Set(rows.map((row) => row.email.toLowerCase()));
    return registered.filter((email) => !stored.has(email.toLowerCase()));
  } finally {
    await client.end();
  }
}

/**
 * Wrong passwords for one member, sent to the portal instances in turn: the one that completes
 * LOCKOUT_MAX_FAILURES must lock the account, and then the right password is refused on every
 * instance. Returns what went otherwise, or nothing.
 */
export async function lockoutAcrossInstances(cluster: LoadCluster, member: Member): Promise<string | undefined> {
  const browser = new Browser();
  const portals = cluster.portals.map((portal) => portal.url);
  for (let attempt = 1; attempt <= LOCKOUT_MAX_FAILURES; attempt += 1) {
    const portal = portals[(attempt - 1) % portals.length]!;
    const reply = await browser.call(portal, 'POST', '/api/Member/Login', { userId: member.email, password: 'Wrong-password-1' });
    const expected = attempt < LOCKOUT_MAX_FAILURES ? 'AccountOrPwdFail' : 'AccountLock';
    if (reply.code !== expected)
      return `wrong password ${attempt} (portal ${portals.indexOf(portal) + 1}): ${reply.code}, expected ${expected}`;
  }
  for (const [i, portal] of portals.entries()) {
    const reply = await browser.call(portal, 'POST', '/api/Member/Login', { userId: member.email, password: member.password });
    if (reply.code !== 'AccountLock') return `right password on portal ${i + 1} after the lock: ${reply.code}, expected AccountLock`;
  }
  return undefined;
}
