import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Ends every way into the account that does not need the password: each member token (and with
 * it each session), each open ticket, and each passkey, which an intruder would add to outlive
 * all of those and a new password. For "This wasn't me" and for a link that proves the mailbox.
 */
export async function endEveryWayIn(trx: Kysely<Database>, memberId: number, now: number): Promise<void> {
  await trx
    .updateTable('member_tokens')
    .set({ revoked_at: now })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();
  await trx.updateTable('sso_tickets').set({ used_at: now }).where('member_id', '=', memberId).where('used_at', 'is', null).execute();
  await trx.deleteFrom('passkey_credentials').where('member_id', '=', memberId).execute();
}
