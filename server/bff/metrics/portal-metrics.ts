import { Counter, Histogram } from 'prom-client';
import { ERROR_CODES } from '../../../shared/codes.ts';
import { OtpVerifyType } from '../../../shared/enums.ts';
import { metricsRegistry } from '../../common/metrics/registry.ts';

/**
 * The portal's own metrics (the /metrics listener serves them, see README "Operations").
 * Counters are process-wide: every portal app in the process counts into the same ones.
 */
export const signInsTotal = new Counter({
  name: 'portal_sign_ins_total',
  help: 'Sign-in attempts by method (password, code, social, ticket, passkey) and reply code (ok, AccountOrPwdFail, AccountLock, TooManyRequests, servererror, ...).',
  labelNames: ['method', 'code'] as const,
  registers: [metricsRegistry],
});

export const lockoutsTotal = new Counter({
  name: 'portal_lockouts_total',
  help: 'Sign-in IDs locked after too many wrong passwords (one per lock, across instances sharing Redis).',
  registers: [metricsRegistry],
});

export type RateLimitName = 'ip' | 'route' | 'sign_in_failures' | 'email_check' | 'password_mail' | 'verification_resend';

const rateLimitedTotal = new Counter({
  name: 'portal_rate_limited_total',
  help: 'Requests refused with 429 by limit: ip (RATE_LIMIT_PER_MINUTE), route (the stricter per-route limits), sign_in_failures (LOGIN_FAILURES_PER_IP), email_check, password_mail, verification_resend.',
  labelNames: ['limit'] as const,
  registers: [metricsRegistry],
});

const otpSendsTotal = new Counter({
  name: 'portal_otp_sends_total',
  help: 'Sign-in code requests by channel (email, phone) and outcome: sent, window (a code was sent less than 180 s ago), the member service refusal code, or error.',
  labelNames: ['channel', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const upstreamRequestDuration = new Histogram({
  name: 'portal_upstream_request_duration_seconds',
  help: 'Member-service calls by action (the first three path segments) and outcome: ok, refused, timeout, unreachable, server_error, bad_reply.',
  labelNames: ['route', 'outcome'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Counts a 429; called where each limit refuses. */
export function countRateLimited(limit: RateLimitName): void {
  rateLimitedTotal.inc({ limit });
}

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** A reply code as a label value: the codes of shared/codes.ts, anything else `other`, so that labels stay few. */
export function codeLabel(code: unknown): string {
  return typeof code === 'string' && KNOWN_CODES.has(code) ? code : 'other';
}

/** Counts a sign-in code request: `sent`, `window`, `error` or the member service's refusal code. */
export function countOtpSend(otpVerifyType: number, outcome: 'sent' | 'window' | 'error' | { refused: string }): void {
  const channel = otpVerifyType === OtpVerifyType.Phone ? 'phone' : 'email';
  otpSendsTotal.inc({ channel, outcome: typeof outcome === 'string' ? outcome : codeLabel(outcome.refused) });
}
