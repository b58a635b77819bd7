import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types of the member database. Times are epoch milliseconds (bigint columns), flags are
 * 0/1 integers and lists are JSON text, so that SQLite and PostgreSQL store the same values.
 */
interface MembersTable {
  id: Generated<number>;
  public_id: string;
  email: string;
  password_hash: string | null;
  status: number;
  source: string;
  first_name: string;
  last_name: string;
  company_name: string;
  country: string;
  state: string;
  tel_country_code: string;
  tel_areacode: string;
  tel_no: string;
  tel_ext: string;
  mobile_country_code: string;
  mobile: string;
  business_application_areas: string;
  in_products: string;
  vat_number: string;
  address: string;
  register_purpose: string;
  referer: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  return_url: string;
  is_subscribe: number;
  is_emp: number;
  preferring: number;
  lang: string;
  created_at: number;
  updated_at: number;
  password_changed_at: number | null;
  delete_date: number | null;
  /** When the annual password reminder was last sent (jobs/password-reminder.ts). */
  password_reminded_at: number | null;
  /** The mobile number ('+' and digits) the member proved by entering a code sent to it; '' for none. */
  proven_mobile: Generated<string>;
  /** When the member proved `proven_mobile`: a way in, removed when added since the member's own last sign-in (store/ways-in.ts). */
  proven_mobile_at: number | null;
  /**
   * 1 when the password was chosen before the address was proven and the proof came from another
   * browser than the one that registered: it may be a pre-registering attacker's, so a sign-in
   * with it also needs a code from the mailbox, once (routes/auth.ts).
   */
  password_unconfirmed: Generated<number>;
}

interface MemberTokensTable {
  id: Generated<number>;
  member_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** How the member signed in with this token (sign-in/sign-in-reply.ts SignInWay); '' before it was recorded. */
  way: Generated<string>;
}

interface ActivationTokensTable {
  id: Generated<number>;
  member_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  superseded_at: number | null;
}

interface ConsentsTable {
  id: Generated<number>;
  member_id: number;
  consent: string;
  policy_version: string;
  given_at: number;
}

interface SocialLinksTable {
  id: Generated<number>;
  member_id: number;
  social_type: number;
  social_id: string;
  social_email: string;
  social_name: string;
  registered_at: number;
}

/** Holder and schedule of each periodic job (jobs/runner.ts). */
interface JobLeasesTable {
  name: string;
  holder: string;
  lease_until: number;
  next_run_at: number;
}

/** Every change of a consent after registration: what, to which answer, when and from where. */
interface ConsentEventsTable {
  id: Generated<number>;
  member_id: number;
  consent: string;
  given: number;
  policy_version: string;
  source: string;
  changed_at: number;
}

/** Mailed password links (store/reset-tokens.ts): SHA-256 hashes only. */
interface PasswordResetTokensTable {
  id: Generated<number>;
  member_id: number;
  token_hash: string;
  purpose: string;
  reason: string;
  return_url: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  superseded_at: number | null;
}

/** One-time sign-in codes (store/otp-codes.ts): keyed hashes only; the newest of a member's flow is the only valid one. */
interface OtpCodesTable {
  id: Generated<number>;
  member_id: number;
  flow: string;
  channel: number;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  invalidated_at: number | null;
}

/** Single sign-on tickets (store/tickets.ts): one use each, tied to the sign-in session that issued them. */
interface SsoTicketsTable {
  id: Generated<number>;
  member_id: number;
  session_token_hash: string;
  purpose: string;
  ticket_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/**
 * Messages sent per destination (phone number, mail address) and hour, whichever account they
 * were for: a keyed hash of the destination, never the destination itself.
 */
interface DeliveryBudgetsTable {
  destination: string;
  window_start: number;
  sent: number;
}

/**
 * Mails and text messages waiting to be handed over (jobs/message-delivery.ts). A row says what
 * to send, not the message itself: links and codes are made when it goes out, so the table holds
 * no secret and a message delayed by an outage still carries a fresh link. Sent rows are deleted;
 * given-up rows stay a while for operators.
 */
interface OutgoingMessagesTable {
  id: Generated<number>;
  member_id: number;
  /** What to send (mail/message-kinds.ts). */
  kind: string;
  /** A queued message of the member with the same non-empty topic is replaced by a newer one. */
  topic: string;
  /** JSON of the kind's values (language, return URL, number): never a secret. */
  params: string;
  /** 'queued' until sent (then deleted), 'failed' once given up. */
  state: string;
  attempts: number;
  next_attempt_at: number;
  /** After this time the message is given up instead of tried again. */
  deliver_by: number;
  /** The instance attempting it, until `claimed_until`; '' for nobody. */
  claimed_by: string;
  claimed_until: number;
  created_at: number;
  last_error: string;
}

interface PasskeyCredentialsTable {
  id: Generated<number>;
  member_id: number;
  /** The id the member sees: random, so another member's passkey ids cannot be guessed or counted. */
  public_id: string;
  /** The authenticator's credential id, base64url; unique across all members. */
  credential_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter at the last accepted use (0 when it keeps none). */
  sign_count: number;
  /** JSON array of the transports the browser reported (hints for the next ceremony). */
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
  /** When a counter that went backwards showed the credential may have been copied: it signs nobody in since. */
  disabled_at: number | null;
}

interface SecurityEventsTable {
  id: Generated<number>;
  member_id: number;
  /** The id the member sees: random, so ids of other members' events cannot be guessed or counted. */
  public_id: string;
  type: string;
  at: number;
  device: string;
  ip_prefix: string;
  method: string;
  /** Hash of the token in the new-device mail's "This wasn't me" link; null when no link was sent. */
  not_me_token_hash: string | null;
  /** Until when that link works (NOT_ME_LINK_VALID_DAYS after it was mailed). */
  not_me_expires_at: number | null;
}

export interface Database {
  outgoing_messages: OutgoingMessagesTable;
  delivery_budgets: DeliveryBudgetsTable;
  otp_codes: OtpCodesTable;
  sso_tickets: SsoTicketsTable;
  members: MembersTable;
  password_reset_tokens: PasswordResetTokensTable;
  job_leases: JobLeasesTable;
  consent_events: ConsentEventsTable;
  member_tokens: MemberTokensTable;
  activation_tokens: ActivationTokensTable;
  consents: ConsentsTable;
  social_links: SocialLinksTable;
  security_events: SecurityEventsTable;
  passkey_credentials: PasskeyCredentialsTable;
}

export type MemberRow = Selectable<MembersTable>;
export type NewMemberRow = Insertable<MembersTable>;
export type MemberRowUpdate = Updateable<MembersTable>;
export type ConsentRow = Selectable<ConsentsTable>;
export type SocialLinkRow = Selectable<SocialLinksTable>;
export type ConsentEventRow = Selectable<ConsentEventsTable>;
export type PasswordResetTokenRow = Selectable<PasswordResetTokensTable>;
export type OutgoingMessageRow = Selectable<OutgoingMessagesTable>;
export type PasskeyRow = Selectable<PasskeyCredentialsTable>;
export type SecurityEventRow = Selectable<SecurityEventsTable>;
