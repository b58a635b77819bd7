import { addresseeNames } from './mail/name-values.ts';
import type { Language } from '../../shared/languages.ts';
import { KEEP_PASSWORD_LINK_VALID_SECONDS, RESET_LINK_VALID_SECONDS } from '../../shared/limits.ts';
import type { CoreContext } from './core-context.ts';
import type { OutgoingMail } from './mail/mailer.ts';
import { renderPasswordChangedMail, renderPasswordReminderMail, renderPasswordResetMail } from './mail/password-mails.ts';
import { hashToken, randomToken } from './security/tokens.ts';
import type { PasswordLinkPurpose } from './store/reset-tokens.ts';
import type { MemberRow } from './store/schema.ts';

/** What writing a password mail needs; it is written when it is sent, without a request. */
export type MailContext = CoreContext;

const RESET_MINUTES = Math.round(RESET_LINK_VALID_SECONDS / 60);

/** Links are built from the configured public origin only, never from a request's Host header. */
function resetLink(publicOrigin: string, lang: Language, token: string, publicId: string): string {
  return `${publicOrigin}/${[lang, 'auth', 'verify-email', token, publicId].map(encodeURIComponent).join('/')}`;
}

/** notice-password-unchanged/{seq}/{pass}/{tempid}: seq is the member's public id, tempid the one-time 'keep' token. */
function keepPasswordLink(publicOrigin: string, lang: Language, publicId: string, pass: string, token: string): string {
  return `${publicOrigin}/${[lang, 'notice-password-unchanged', publicId, pass === '' ? '-' : pass, token].map(encodeURIComponent).join('/')}`;
}

async function issue(
  ctx: MailContext,
  member: MemberRow,
  purpose: PasswordLinkPurpose,
  reason: string,
  returnUrl: string,
  validSeconds: number,
): Promise<string> {
  const token = randomToken();
  const now = ctx.clock.now();
  await ctx.store.resetTokens.issue({
    memberId: member.id,
    tokenHash: hashToken(token),
    purpose,
    reason,
    returnUrl,
    now,
    expiresAt: now + validSeconds * 1000,
  });
  return token;
}

/** Issues a reset link (superseding the member's older ones) and writes the mail carrying it. */
export async function passwordResetMail(ctx: MailContext, member: MemberRow, lang: Language, returnUrl = ''): Promise<OutgoingMail> {
  const token = await issue(ctx, member, 'reset', 'forgot', returnUrl, RESET_LINK_VALID_SECONDS);
  const link = resetLink(ctx.config.publicOrigin, lang, token, member.public_id);
  const mail = renderPasswordResetMail(lang, { ...addresseeNames(member), email: member.email }, link, RESET_MINUTES);
  return { to: member.email, ...mail };
}

/** The annual reminder with a 'change it now' link and a 'keep it' link. */
export async function passwordReminderMail(ctx: MailContext, member: MemberRow, lang: Language): Promise<OutgoingMail> {
  const resetToken = await issue(ctx, member, 'reset', 'annual', member.return_url, RESET_LINK_VALID_SECONDS);
  const keepToken = await issue(ctx, member, 'keep', 'annual', member.return_url, KEEP_PASSWORD_LINK_VALID_SECONDS);
  const links = {
    reset: resetLink(ctx.config.publicOrigin, lang, resetToken, member.public_id),
    keep: keepPasswordLink(ctx.config.publicOrigin, lang, member.public_id, member.source, keepToken),
  };
  const mail = renderPasswordReminderMail(lang, { ...addresseeNames(member), email: member.email }, links, RESET_MINUTES);
  return { to: member.email, ...mail };
}

/** Tells the member that the password changed at `changedAt`, with a way back in if it was not them. */
export function passwordChangedMail(ctx: Pick<MailContext, 'config'>, member: MemberRow, lang: Language, changedAt: number): OutgoingMail {
  const when = `${new Date(changedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const forgot = `${ctx.config.publicOrigin}/${lang}/forgot-password`;
  const mail = renderPasswordChangedMail(lang, { ...addresseeNames(member), email: member.email }, when, forgot);
  return { to: member.email, ...mail };
}
