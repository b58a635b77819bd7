import type { Database } from './schema.ts';

/**
 * Every table whose rows belong to one member through a `member_id` column. Purging an account
 * (store/account-deletion.ts) deletes from each of them by member id before the member row, so
 * a table added for a new feature (codes, tickets, links) must be listed here.
 */
export const MEMBER_OWNED_TABLES = [
  'member_tokens',
  'activation_tokens',
  'consents',
  'consent_events',
  'social_links',
  'otp_codes',
  'sso_tickets',
  'password_reset_tokens',
  'outgoing_messages',
  'security_events',
  'passkey_credentials',
] as const satisfies ReadonlyArray<keyof Database>;
