import type { Language } from '../../../shared/languages.ts';
import type { registerPortal } from '../../../shared/contract/portal/register.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import type { PortalData } from '../../api/portal-request.ts';

/** What an activation answers: where the member registered from and through which promotion. */
export type ActivationData = PortalData<typeof registerPortal.activate>;

export type ActivationOutcome =
  { kind: 'activated'; destination: string; loginPath: string; returnUrl: string } | { kind: 'failed'; errorPath: string };

/** Activation links carry '-' for "no pass" (the path segment cannot be empty). */
export function passFromLink(segment: string | undefined): string {
  return segment === undefined || segment === '-' ? '' : segment.toLowerCase();
}

export function errorPagePath(lang: Language, userId: string, error: 'activated' | 'unauthorized'): string {
  return `/${lang}/error?${new URLSearchParams({ userId, error }).toString()}`;
}

/**
 * Where activation leads: on success to the return URL the BFF accepted (or the redirect
 * page), with a login link that keeps it; 'Activated' and every refusal to the error page.
 */
export function activationOutcome(
  reply: Pick<Reply<ActivationData>, 'isSuccess' | 'code' | 'data'>,
  lang: Language,
  userId: string,
  linkPass = '',
): ActivationOutcome {
  if (!reply.isSuccess) {
    return { kind: 'failed', errorPath: errorPagePath(lang, userId, reply.code === 'Activated' ? 'activated' : 'unauthorized') };
  }
  const returnUrl = reply.data?.returnUrl ?? '';
  const pass = reply.data?.pass || linkPass;
  const login = new URLSearchParams();
  if (returnUrl) login.set('callbackurl', returnUrl);
  if (pass) login.set('pass', pass);
  const query = login.toString();
  return {
    kind: 'activated',
    destination: returnUrl || `/${lang}/redirect-page`,
    loginPath: `/${lang}/login${query ? `?${query}` : ''}`,
    returnUrl,
  };
}

/** The activation page's button: its words say where it goes. */
export type ActivationButton =
  | { label: 'activation.activate.continueTo'; site: string; to: string }
  | { label: 'activation.activate.goToMyAccount'; to: string }
  | { label: 'activation.activate.goToLogin'; to: string };

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * A company site waiting for the member: "Continue to Shop" (its configured name, else its
 * host), through sign-in, which then hands them to the site (activating does not sign in; the
 * spec's button goes to login). Otherwise "Go to My account" for a signed-in browser, else
 * "Sign in now".
 */
export function activationButton(
  outcome: { destination: string; loginPath: string; returnUrl: string },
  site: string | null | undefined,
  signedIn: boolean,
  lang: Language,
): ActivationButton {
  if (outcome.returnUrl) return { label: 'activation.activate.continueTo', site: site || hostOf(outcome.returnUrl), to: outcome.loginPath };
  if (signedIn) return { label: 'activation.activate.goToMyAccount', to: `/${lang}/my-account` };
  return { label: 'activation.activate.goToLogin', to: outcome.loginPath };
}

/** Served by the server, not the app: a company site's sign-in under way (the OpenID Provider's interaction). */
const SERVER_PATHS = /^\/oidc\//;

/** Paths inside the portal's app stay in it; anything else is a full navigation. */
export function isPortalPath(destination: string): boolean {
  return destination.startsWith('/') && !destination.startsWith('//') && !destination.startsWith('/\\') && !SERVER_PATHS.test(destination);
}
