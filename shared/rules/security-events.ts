import type { SecurityEventType } from '../schemas/security-center.ts';

/**
 * Events the member may answer with "This wasn't me": sign-ins and changes to the account.
 * Apart from the schemas, so the browser's My account does not load the schema library for it.
 */
export const DISOWNABLE_EVENT_TYPES: ReadonlySet<SecurityEventType> = new Set([
  'signIn',
  'passwordChanged',
  'passwordReset',
  'socialConnected',
  'socialDisconnected',
  'passkeyAdded',
  'passkeyRemoved',
  'deletionRequested',
  'deletionCancelled',
]);

/** Refused sign-ins and the lock they led to: marked in the activity, and always open to "This wasn't me". */
export const FAILED_EVENT_TYPES: ReadonlySet<SecurityEventType> = new Set(['signInFailed', 'locked']);
