import type { ShownCode } from '../../state/request-failure.ts';
import type { Language } from '../../../shared/languages.ts';
import type { socialPortal } from '../../../shared/contract/portal/social.ts';
import type { SignInResult } from '../../../shared/contract/portal-replies.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import { portalRequest } from '../../api/portal-request.ts';
import type { PendingSocialSignIn, SocialLoginRoute } from '../../features/social/social-api.ts';
import { SOCIAL_LOGIN_PATHS } from '../../features/social/social-api.ts';
import type { SignedInOutcome } from '../../session/after-sign-in.ts';
import { loginOutcome } from '../../session/login-outcome.ts';

/** Where the social-login route sends the browser next, and what it tells the member. */
export type SocialOutcome =
  /** Signed in: the same ways on as a password sign-in (preferences, password change, the site's ticket). */
  | { go: 'signedIn'; outcome: SignedInOutcome; queryString: string }
  | { go: 'page'; path: string; success?: string; error?: { code: ShownCode; title?: string } };

/**
 * Finishes a round trip (spec: Social login callback): login signs in (unknown account → register),
 * register verifies then goes to register, connect verifies, links and goes to my-account.
 */
export async function finishSocialSignIn(
  query: URLSearchParams,
  pending: PendingSocialSignIn | undefined,
  lang: Language,
): Promise<SocialOutcome> {
  const code = query.get('code') ?? '';
  const state = query.get('state') ?? '';
  const back = pending?.origin === 'connect' ? '/my-account' : pending?.origin === 'register' ? '/register' : '/login';
  const queryString = pending?.queryString ?? '';
  if (query.get('error')) return { go: 'page', path: `${back}${queryString}`, error: { code: 'popup_closed' } };
  // The spec sends a visitor without a code to the stored callback URL; that URL is unchecked
  // until the portal vets it at sign-in, so the visitor goes to login, which keeps it in the query.
  if (!pending || code === '' || state === '') return { go: 'page', path: `/login${queryString}` };

  if (pending.origin === 'login') {
    const reply = await portalRequest<SocialLoginRoute>('POST', SOCIAL_LOGIN_PATHS[pending.socialType], {
      body: { code, state, pass: pending.pass || undefined, returnUrl: pending.callbackUrl || undefined },
    });
    if (reply.code === 'notfound') return { go: 'page', path: `/register${queryString}` };
    // Any code but notfound carries a sign-in result, never the provider account.
    const outcome = loginOutcome(reply as Reply<SignInResult>, lang, '');
    if (outcome.kind === 'error') return { go: 'page', path: `/login${queryString}`, error: { code: outcome.code, title: outcome.title } };
    return { go: 'signedIn', outcome, queryString };
  }

  const verified = await portalRequest<typeof socialPortal.verify>('POST', '/api/Member/SocialVerify', { body: { code, state } });
  if (!verified.isSuccess) return { go: 'page', path: `${back}${queryString}`, error: { code: verified.code } };
  if (pending.origin === 'register') return { go: 'page', path: `/register${queryString}` };

  const connected = await portalRequest<typeof socialPortal.connect>('POST', '/api/Member/SocialConnect', {
    body: { socialType: pending.socialType, isConnect: true },
  });
  return connected.isSuccess
    ? { go: 'page', path: `/my-account${queryString}`, success: 'social.connected' }
    : { go: 'page', path: `/my-account${queryString}`, error: { code: connected.code, title: connected.title } };
}
