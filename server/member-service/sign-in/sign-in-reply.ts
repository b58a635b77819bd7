import type { LoginResultCode } from '../../../shared/codes.ts';
import { MemberStatus } from '../../../shared/enums.ts';
import { PASSWORD_MAX_AGE_DAYS } from '../../../shared/limits.ts';
import type { SignedInData } from '../../../shared/contract/sign-in.ts';
import type { SignInMethod, SignedInFrom } from '../../../shared/schemas/security-center.ts';
import { fail, type Reply } from '../../../shared/schemas/reply.ts';
import type { ServiceContext } from '../context.ts';
import { recordSecurityEvent } from '../record-security-event.ts';
import { hashToken, randomToken } from '../security/tokens.ts';
import type { MemberRow } from '../store/schema.ts';
import type { SignInWay } from '../store/ways-in.ts';
import { issueTicket } from './tickets.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BLOCKED_STATUSES: number[] = [MemberStatus.Inactive, MemberStatus.Deactivated];

export interface SignInOptions {
  /** How the member proved who they are: decides which ways in a later "This wasn't me" keeps (store/ways-in.ts). */
  way: SignInWay;
  /** The allow-listed URL the member continues to; it gets a one-time ticket for the site there. */
  returnUrl?: string;
  /** Password sign-in only: a password older than a year gets OneYearNotUpdatePwd instead of a session. */
  checkPasswordAge?: boolean;
  /** Where the browser signed in from (the portal sends it): a sign-in that opens a session records its event with it. */
  signedInFrom?: SignedInFrom;
}

/** How each way in is named in the member's security activity. */
const EVENT_METHOD: Record<SignInWay, SignInMethod> = {
  password: 'password',
  'mail-code': 'code',
  'text-code': 'code',
  social: 'social',
  passkey: 'passkey',
  ticket: 'ticket',
};

/**
 * The spec's result code of a sign-in (section 4) for a member whose identity is proven:
 * the codes that carry a session (ok, preferring, defaultpwd, mustchange, expired) or the
 * refusals that depend on the account's state.
 */
function resultCode(member: MemberRow, options: SignInOptions, now: number): LoginResultCode {
  if (member.status === MemberStatus.Unverified) return 'mustactivate';
  if (BLOCKED_STATUSES.includes(member.status)) return 'unauthorized';
  if (member.status === MemberStatus.MustChangePassword) return member.password_changed_at === null ? 'defaultpwd' : 'mustchange';
  if (member.status === MemberStatus.PasswordExpired) return 'expired';
  const passwordSince = member.password_changed_at ?? member.created_at;
  if (options.checkPasswordAge && now - passwordSince > PASSWORD_MAX_AGE_DAYS * DAY_MS) return 'OneYearNotUpdatePwd';
  // Choosing preferences is asked on the way back to a company site; without one the member
  // lands on My account, where the same choices are part of the profile.
  if (options.returnUrl && member.preferring === 1) return 'preferring';
  return 'ok';
}

const SESSION_CODES = new Set(['ok', 'preferring', 'defaultpwd', 'mustchange', 'expired']);
const TICKET_CODES = new Set(['ok', 'preferring']);

/**
 * Signs a member in whose identity is proven (password, one-time code, provider, passkey or
 * ticket): a member token, the sign-in's security event, and with a return URL a one-time ticket
 * for it; or the refusal the account's state calls for.
 */
export async function signInReply(ctx: ServiceContext, member: MemberRow, options: SignInOptions): Promise<Reply<SignedInData>> {
  const now = ctx.clock.now();
  const code = resultCode(member, options, now);
  if (code === 'OneYearNotUpdatePwd') return fail(code, { data: { userId: member.email } });
  if (!SESSION_CODES.has(code)) return fail(code);

  const token = randomToken();
  const tokenHash = hashToken(token);
  const expiresAt = now + ctx.config.tokenTtlSeconds * 1000;
  await ctx.store.sessions.create(member.id, tokenHash, now, expiresAt, options.way);
  const data: SignedInData = {
    token,
    tokenExpiresAt: new Date(expiresAt).toISOString(),
    userId: member.email,
    memberId: member.id,
    status: member.status,
  };
  if (options.signedInFrom) {
    data.signInEventId = await recordSecurityEvent(ctx, member.id, {
      type: 'signIn',
      ...options.signedInFrom,
      method: EVENT_METHOD[options.way],
    });
  }
  if (options.returnUrl) {
    data.redirectUrl = options.returnUrl;
    if (TICKET_CODES.has(code)) {
      data.id = member.public_id;
      data.tempId = await issueTicket(ctx, member.id, tokenHash, 'sso');
    }
  }
  return { isSuccess: true, code, data };
}
