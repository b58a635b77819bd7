import type { Language } from '../../../shared/languages.ts';
import { NOT_ME_LINK_VALID_DAYS } from '../../../shared/limits.ts';
import type { CoreContext } from '../core-context.ts';
import type { MemberRow } from '../store/schema.ts';
import { composeMail, mailDateTime } from './compose.ts';
import type { OutgoingMail } from './mailer.ts';
import { addresseeNames, nameValues } from './name-values.ts';
import { issueNotMeLink } from './not-me-link.ts';

const PROVIDER_NAMES: Record<number, string> = { 1: 'Google', 2: 'Facebook', 3: 'LinkedIn' };

/**
 * Tells the member that a provider account was connected (ASVS 6.3.7: notify after
 * authentication changes): a connected account is a way in, and one an intruder adds outlives a
 * new password. The "This wasn't me" link is that of the portal's record of the connect, the
 * first `socialConnected` event since `at`; without one (not recorded) the mail opens My account.
 */
export async function socialConnectedMail(
  ctx: Pick<CoreContext, 'store' | 'config' | 'clock'>,
  member: MemberRow,
  lang: Language,
  socialType: number,
  at: number,
): Promise<OutgoingMail> {
  const event = await ctx.store.securityEvents.firstSince(member.id, 'socialConnected', at);
  const link = event ? await issueNotMeLink(ctx, event, lang) : `${ctx.config.publicOrigin}/${lang}/my-account`;
  const when = mailDateTime(lang, at);
  const values = {
    ...nameValues(lang, addresseeNames(member)),
    provider: PROVIDER_NAMES[socialType] ?? '',
    days: String(NOT_ME_LINK_VALID_DAYS),
  };
  const mail = composeMail(lang, 'socialConnected', values, [
    { say: 'intro' },
    { label: 'when', value: when },
    { say: 'ifYou' },
    { action: 'action', link },
    { say: 'actionHint' },
  ]);
  return { to: member.email, ...mail };
}
