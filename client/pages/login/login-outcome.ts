import type { Language } from '../../../shared/languages.ts';
import type { LoginResultData } from '../../../shared/schemas/auth.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';

/** What the login screen does with a sign-in reply (spec section 4, 'Login result codes'). */
export type LoginOutcome =
  /** Leave the portal's single-page app: the BFF already allow-listed the URL. */
  | { kind: 'leave'; url: string }
  /** Another portal screen; `userId` is remembered for it. */
  | { kind: 'screen'; path: string; userId?: string }
  /** Stay and show `error.<code>`, or the server's title when it sent one. */
  | { kind: 'error'; code: string; title?: string };

const CHANGE_PASSWORD_CODES = ['defaultpwd', 'expired', 'mustchange'];

export function loginOutcome(reply: Reply<LoginResultData>, lang: Language, userId: string): LoginOutcome {
  const data = reply.data ?? {};
  if (reply.isSuccess) return { kind: 'leave', url: data.redirectUrl || `/${lang}/my-account` };
  if (CHANGE_PASSWORD_CODES.includes(reply.code)) {
    return { kind: 'screen', path: `/${lang}/change-password`, userId: data.userId ?? userId };
  }
  if (reply.code === 'OneYearNotUpdatePwd') {
    return { kind: 'screen', path: `/${lang}/notice-please-change-password`, userId: data.userId ?? userId };
  }
  if (reply.code === 'preferring' && data.redirectUrl) return { kind: 'leave', url: data.redirectUrl };
  return { kind: 'error', code: reply.code || 'AccountOrPwdFail', title: reply.title || undefined };
}
