import { OTP_SEND_WINDOW_SECONDS } from '../../../shared/limits.ts';
import { readCookie, writeCookie } from '../../session/cookies.ts';

/** The cookies of spec section 3 that remember a code sent to a phone: when, and for whom. */
const SENT_AT = 'otpSendNowTime';
const SENT_FOR = 'otpSendUserId';

export function rememberCodeSent(userId: string, now = Date.now()): void {
  writeCookie(SENT_AT, String(now), OTP_SEND_WINDOW_SECONDS);
  writeCookie(SENT_FOR, userId.trim().toLowerCase(), OTP_SEND_WINDOW_SECONDS);
}

/**
 * Where the resend countdown starts on entering verification (spec section 4): the seconds left
 * of a send within the window for the same user, by the cookies or by the portal's own window
 * (which cookies cannot clear), whichever is longer; otherwise 0.
 */
export function startingCountdown(userId: string, serverRemaining = 0, now = Date.now()): number {
  const sentAt = Number(readCookie(SENT_AT) ?? 0);
  const sameUser = readCookie(SENT_FOR) === userId.trim().toLowerCase();
  const byCookie = sameUser && sentAt > 0 ? Math.max(0, Math.ceil((sentAt + OTP_SEND_WINDOW_SECONDS * 1000 - now) / 1000)) : 0;
  return Math.min(OTP_SEND_WINDOW_SECONDS, Math.max(byCookie, serverRemaining));
}
