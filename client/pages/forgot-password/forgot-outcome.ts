import type { ShownCode } from '../../state/request-failure.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';

/** What the forgot-password screen does with a ForgotPwd reply (spec sections 2 and 8). */
export type ForgotOutcome =
  | { kind: 'sent' }
  /** Employee accounts: leave for the configured employee reset page, or explain when there is none. */
  | { kind: 'employee'; url?: string }
  /** Shown on the screen: not registered, not verified, not active, or another failure (`error.<code>`). */
  | { kind: 'notfound' | 'unverified' | 'inactive' }
  | { kind: 'error'; code: ShownCode; title?: string };

export function forgotOutcome(reply: Reply<{ redirectUrl?: string }>): ForgotOutcome {
  if (reply.isSuccess) return { kind: 'sent' };
  switch (reply.code) {
    case 'notfound':
      return { kind: 'notfound' };
    case 'mustactivate':
      return { kind: 'unverified' };
    case 'unauthorized':
      return { kind: 'inactive' };
    case 'ResetPwd4DL':
      return { kind: 'employee', url: reply.data?.redirectUrl };
    default:
      return { kind: 'error', code: reply.code || 'somethingWentWrong', title: reply.title || undefined };
  }
}
