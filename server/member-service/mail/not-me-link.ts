import type { Language } from '../../../shared/languages.ts';
import { NOT_ME_LINK_VALID_DAYS } from '../../../shared/limits.ts';
import type { CoreContext } from '../core-context.ts';
import { hashToken, randomToken } from '../security/tokens.ts';
import type { SecurityEventRow } from '../store/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issues the "This wasn't me" link of a security event, now (a later mail about the same event
 * replaces it): not-me/{eventId}/{token}, the portal screen that says what it will do, asks once
 * more and then disowns the event. It works for NOT_ME_LINK_VALID_DAYS, once, and until the
 * password is changed or reset (store/password-changes.ts, store/mailbox-proof.ts).
 */
export async function issueNotMeLink(
  ctx: Pick<CoreContext, 'store' | 'config' | 'clock'>,
  event: SecurityEventRow,
  lang: Language,
): Promise<string> {
  const token = randomToken();
  await ctx.store.securityEvents.setLinkToken(event.id, hashToken(token), ctx.clock.now() + NOT_ME_LINK_VALID_DAYS * DAY_MS);
  return `${ctx.config.publicOrigin}/${[lang, 'not-me', event.public_id, token].map(encodeURIComponent).join('/')}`;
}
