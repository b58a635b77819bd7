import type { IncomingMessage } from 'node:http';
import type { Language } from '../../../shared/languages.ts';
import type { PortalSignIn } from './portal-session.ts';

/** What the portal knows of a request it hands to the provider (whose hooks see only the raw request). */
export interface PortalRequest {
  signIn: PortalSignIn | undefined;
  /** ui_locales when the site sent one the portal speaks, else the browser's language. */
  lang: Language;
  /**
   * Ends the portal session of this request on both sides (member token, store, back-channel).
   * The reply belongs to the provider, so the cookie stays in the browser, naming a session that is gone.
   */
  endPortalSession(): Promise<void>;
}

const requests = new WeakMap<IncomingMessage, PortalRequest>();

export function attachPortalRequest(raw: IncomingMessage, portal: PortalRequest): void {
  requests.set(raw, portal);
}

export function portalRequestOf(raw: IncomingMessage): PortalRequest | undefined {
  return requests.get(raw);
}
