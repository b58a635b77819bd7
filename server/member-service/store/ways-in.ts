import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * How a member token was signed in. `password` and `mail-code` prove what the member keeps for
 * themselves (the password, which a mailed reset puts back in the owner's hands, and the
 * mailbox); the others use a way in that someone may have added to the account: a text code to
 * a proven phone, a social link, a passkey, a company-site ticket.
 */
export type SignInWay = 'password' | 'mail-code' | 'text-code' | 'social' | 'passkey' | 'ticket';
const OWN_WAYS: readonly SignInWay[] = ['password', 'mail-code'];

/** Ends every session of the member: each member token, and each open ticket (tied to a token). */
export async function endSignIns(trx: Kysely<Database>, memberId: number, now: number): Promise<void> {
  await trx
    .updateTable('member_tokens')
    .set({ revoked_at: now })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();
  await trx.updateTable('sso_tickets').set({ used_at: now }).where('member_id', '=', memberId).where('used_at', 'is', null).execute();
}

/**
 * When the member last signed in themselves (by password or mailbox code) before `before`;
 * undefined when never (then every added way in is suspect). Ways in added after it may be an
 * intruder's, made through a session the member left open or one of his own.
 */
export async function lastOwnSignInBefore(trx: Kysely<Database>, memberId: number, before: number): Promise<number | undefined> {
  const row = await trx
    .selectFrom('member_tokens')
    .select('created_at')
    .where('member_id', '=', memberId)
    .where('way', 'in', OWN_WAYS)
    .where('created_at', '<', before)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.created_at);
}

/** Removes the social links, passkeys and phone proof added at or after `since` (all of them without one). */
export async function removeWaysInAddedSince(trx: Kysely<Database>, memberId: number, since = 0): Promise<void> {
  await trx.deleteFrom('social_links').where('member_id', '=', memberId).where('registered_at', '>=', since).execute();
  await trx.deleteFrom('passkey_credentials').where('member_id', '=', memberId).where('created_at', '>=', since).execute();
  await trx
    .updateTable('members')
    .set({ proven_mobile: '', proven_mobile_at: null })
    .where('id', '=', memberId)
    .where((eb) => eb.or([eb('proven_mobile_at', 'is', null), eb('proven_mobile_at', '>=', since)]))
    .where('proven_mobile', '!=', '')
    .execute();
}

/**
 * "This wasn't me" about something that happened at `at`: every session and ticket ends, and
 * every way in (social link, passkey, proven phone) added since the member's own last sign-in
 * before it goes, since an intruder may have added it to outlive the sessions and a new password.
 */
export async function endEveryWayIn(trx: Kysely<Database>, memberId: number, now: number, at: number): Promise<void> {
  await endSignIns(trx, memberId, now);
  await removeWaysInAddedSince(trx, memberId, await lastOwnSignInBefore(trx, memberId, at));
}
