import type { ReplyCode } from '../../shared/codes.ts';

/**
 * What the API layer reports and leaves to the shell (client/layout): it knows a reply meant
 * "signed out" or "server error", never which dialog, page or toast that becomes.
 */
export interface ApiEvents {
  /** A 401, or a ticket the portal refused (TempIdInValid): the browser's session is gone. */
  signedOut: { code?: ReplyCode };
  /** A step that needs a sign-in the member made just now (403 RecentSignInRequired). */
  recentSignInRequired: Record<string, never>;
  /** The portal answered 5xx. */
  serverError: { status: number };
}

type Listener<E extends keyof ApiEvents> = (event: ApiEvents[E]) => void;

const listeners: { [E in keyof ApiEvents]: Set<Listener<E>> } = {
  signedOut: new Set(),
  recentSignInRequired: new Set(),
  serverError: new Set(),
};

/** Listens to one kind of event; returns the function that stops listening. */
export function onApiEvent<E extends keyof ApiEvents>(name: E, listener: Listener<E>): () => void {
  listeners[name].add(listener);
  return () => listeners[name].delete(listener);
}

export function emitApiEvent<E extends keyof ApiEvents>(name: E, event: ApiEvents[E]): void {
  for (const listener of listeners[name]) listener(event);
}
