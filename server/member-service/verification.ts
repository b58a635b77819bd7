import { addresseeNames } from './mail/name-values.ts';
import type { Language } from '../../shared/languages.ts';
import { ACTIVATION_LINK_VALID_SECONDS } from '../../shared/limits.ts';
import type { CoreContext } from './core-context.ts';
import type { OutgoingMail } from './mail/mailer.ts';
import { renderVerifyEmail } from './mail/verify-email-mail.ts';
import { hashToken, randomToken } from './security/tokens.ts';
import type { MemberRow } from './store/schema.ts';

const DAY_SECONDS = 24 * 60 * 60;

/** {publicOrigin}/{lang}/auth/activate-member/{token}/{publicId}/{pass or -} */
export function activationLink(publicOrigin: string, lang: Language, token: string, publicId: string, pass: string): string {
  const segments = [lang, 'auth', 'activate-member', token, publicId, pass === '' ? '-' : pass].map(encodeURIComponent);
  return `${publicOrigin}/${segments.join('/')}`;
}

/**
 * Issues a new e-mail verification link (which supersedes the member's older ones) and
 * writes the mail carrying it in the given language.
 */
export async function verificationMail(ctx: CoreContext, member: MemberRow, lang: Language): Promise<OutgoingMail> {
  const token = randomToken();
  const now = ctx.clock.now();
  await ctx.store.activations.issue(member.id, hashToken(token), now, now + ACTIVATION_LINK_VALID_SECONDS * 1000);
  const link = activationLink(ctx.config.publicOrigin, lang, token, member.public_id, member.source);
  const mail = renderVerifyEmail(lang, {
    ...addresseeNames(member),
    email: member.email,
    link,
    days: Math.round(ACTIVATION_LINK_VALID_SECONDS / DAY_SECONDS),
  });
  return { to: member.email, ...mail };
}
