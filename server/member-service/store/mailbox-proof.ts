import type { Kysely } from 'kysely';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import type { Database } from './schema.ts';
import { endSignIns } from './ways-in.ts';

/**
 * Following an activation or reset link proves the mailbox. Whoever registered the address
 * before that, or held the account before a reset, proved nothing, so nothing they set may still
 * let anyone in (account pre-hijacking, a taken-over account): the phone proof goes, passkeys go,
 * social accounts go unless the provider's account carries this very address (as the provider
 * vouched for it), and every member token, open ticket, code and mailed link of the member ends. Runs inside the transaction that
 * uses the link.
 */
export async function dropUnprovenAccess(trx: Kysely<Database>, memberId: number, now: number): Promise<void> {
  const member = await trx.selectFrom('members').select('email').where('id', '=', memberId).executeTakeFirstOrThrow();
  await trx.updateTable('members').set({ proven_mobile: '', proven_mobile_at: null }).where('id', '=', memberId).execute();
  await endSignIns(trx, memberId, now);
  await trx.deleteFrom('passkey_credentials').where('member_id', '=', memberId).execute();
  // Earlier "This wasn't me" links would now undo what the proven owner sets up next.
  await trx.updateTable('security_events').set({ not_me_token_hash: null }).where('member_id', '=', memberId).execute();

  const links = await trx.selectFrom('social_links').select(['id', 'social_email']).where('member_id', '=', memberId).execute();
  const foreign = links.filter((link) => normalizeEmail(link.social_email) !== normalizeEmail(member.email)).map((link) => link.id);
  if (foreign.length > 0) await trx.deleteFrom('social_links').where('id', 'in', foreign).execute();

  await trx
    .updateTable('otp_codes')
    .set({ invalidated_at: now })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .where('invalidated_at', 'is', null)
    .execute();
  for (const table of ['activation_tokens', 'password_reset_tokens'] as const) {
    await trx
      .updateTable(table)
      .set({ superseded_at: now })
      .where('member_id', '=', memberId)
      .where('used_at', 'is', null)
      .where('superseded_at', 'is', null)
      .execute();
  }
}
