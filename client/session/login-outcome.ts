import type { ShownCode } from '../state/request-failure.ts';
import type { Language } from '../../shared/languages.ts';
import type { LoginResultData } from '../../shared/schemas/auth.ts';
import type { Reply } from '../../shared/schemas/reply.ts';

/** What the login screen does with a sign-in reply (spec section 4, 'Login result codes'). */
export type LoginOutcome =
  /** Leave the portal's single-page app: the BFF already allow-listed the URL. */
  | { kind: 'leave'; url: string }
  /** Another portal screen; `userId` is remembered for it. */
  | { kind: 'screen'; path: string; userId?: string }
  /** Stay and show `error.<code>`, or the server's title when it sent one; `remainingSeconds` of a lock. */
  | { kind: 'error'; code: ShownCode; title?: string; remainingSeconds?: number };

const CHANGE_PASSWORD_CODES = ['defaultpwd', 'expired', 'mustchange'];

/**
 * The redirect URL with the member's `id` and one-time `tempid` appended for the site there
 * (spec section 4); its own query parameters and fragment are kept.
 */
export function withSsoParams(redirectUrl: string, id?: string, tempId?: string): string {
  if (!id || !tempId) return redirectUrl;
  const url = new URL(redirectUrl, 'http://portal.invalid');
  url.searchParams.set('id', id);
  url.searchParams.set('tempid', tempId);
  return url.origin === 'http://portal.invalid' ? url.pathname + url.search + url.hash : url.href;
}

export function loginOutcome(reply: Reply<LoginResultData>, lang: Language, userId: string): LoginOutcome {
  const data = reply.data ?? {};
  const code = reply.code || 'AccountOrPwdFail';
  const rememberedId = data.userId ?? userId;
  if (CHANGE_PASSWORD_CODES.includes(code)) return { kind: 'screen', path: `/${lang}/change-password`, userId: rememberedId };
  if (code === 'OneYearNotUpdatePwd') return { kind: 'screen', path: `/${lang}/notice-please-change-password`, userId: rememberedId };
  if (code === 'preferring') {
    // Choosing preferences comes first; its Submit continues to the redirect URL with the ticket.
    const next = data.redirectUrl ? withSsoParams(data.redirectUrl, data.id, data.tempId) : '';
    return { kind: 'screen', path: `/${lang}/choosing-preferring${next ? `?callbackurl=${encodeURIComponent(next)}` : ''}` };
  }
  if (reply.isSuccess && code === 'ok') {
    // My account stays in the app, keeping the query (pass, utm values) as the referer screen does.
    if (!data.redirectUrl) return { kind: 'screen', path: `/${lang}/my-account` };
    return { kind: 'leave', url: withSsoParams(data.redirectUrl, data.id, data.tempId) };
  }
  return {
    kind: 'error',
    code,
    title: reply.title || undefined,
    ...(data.remainingSeconds ? { remainingSeconds: data.remainingSeconds } : {}),
  };
}
