import { Migrator, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { Engine } from './db.ts';

// Migrations run against every past shape of the schema, so they are typed loosely on purpose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** An auto-incrementing integer key, spelt the way each engine wants it. */
function withId<T extends string>(table: CreateTableBuilder<T, never>, engine: Engine): CreateTableBuilder<T, 'id'> {
  return engine === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const text = (name: string) => [name, 'text', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('')] as const;

/**
 * Migrations in code, applied in name order. Later features add tables of their own
 * (one-time codes, reset tokens, SSO tickets, consent history) instead of reshaping these.
 */
function migrationsFor(engine: Engine): Record<string, Migration> {
  return {
    '0001-members': {
      async up(db: AnyDb) {
        let members = withId(db.schema.createTable('members'), engine)
          .addColumn('public_id', 'text', (c) => c.notNull().unique())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text')
          .addColumn('status', 'integer', (c) => c.notNull());
        for (const column of [
          'source',
          'first_name',
          'last_name',
          'company_name',
          'country',
          'state',
          'tel_country_code',
          'tel_areacode',
          'tel_no',
          'tel_ext',
          'mobile_country_code',
          'mobile',
          'vat_number',
          'address',
          'register_purpose',
          'referer',
          'utm_source',
          'utm_medium',
          'utm_campaign',
          'return_url',
          'lang',
        ]) {
          members = members.addColumn(...text(column));
        }
        await members
          .addColumn('business_application_areas', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('in_products', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('is_subscribe', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('is_emp', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('preferring', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addColumn('password_changed_at', 'bigint')
          .addColumn('delete_date', 'bigint')
          .execute();
        await db.schema.createIndex('members_delete_date').on('members').column('delete_date').execute();
      },
    },
    '0002-tokens': {
      async up(db: AnyDb) {
        await withId(db.schema.createTable('member_tokens'), engine)
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('revoked_at', 'bigint')
          .execute();
        await db.schema.createIndex('member_tokens_member').on('member_tokens').column('member_id').execute();
        await withId(db.schema.createTable('activation_tokens'), engine)
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('used_at', 'bigint')
          .addColumn('superseded_at', 'bigint')
          .execute();
        await db.schema.createIndex('activation_tokens_member').on('activation_tokens').column('member_id').execute();
      },
    },
    '0003-consents-and-social-links': {
      async up(db: AnyDb) {
        await withId(db.schema.createTable('consents'), engine)
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('consent', 'text', (c) => c.notNull())
          .addColumn('policy_version', 'text', (c) => c.notNull())
          .addColumn('given_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('consents_member').on('consents').column('member_id').execute();
        await withId(db.schema.createTable('social_links'), engine)
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('social_type', 'integer', (c) => c.notNull())
          .addColumn('social_id', 'text', (c) => c.notNull())
          .addColumn('social_email', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('social_name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('registered_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('social_links_identity', ['social_type', 'social_id'])
          .execute();
        await db.schema.createIndex('social_links_member').on('social_links').column('member_id').execute();
      },
    },
    '0100-otp-codes': {
      async up(db: AnyDb) {
        await withId(db.schema.createTable('otp_codes'), engine)
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('flow', 'text', (c) => c.notNull())
          .addColumn('channel', 'integer', (c) => c.notNull())
          .addColumn('code_hash', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('used_at', 'bigint')
          .addColumn('invalidated_at', 'bigint')
          .execute();
        await db.schema.createIndex('otp_codes_member_flow').on('otp_codes').columns(['member_id', 'flow']).execute();
      },
    },
    '0101-sso-tickets': {
      async up(db: AnyDb) {
        await withId(db.schema.createTable('sso_tickets'), engine)
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('session_token_hash', 'text', (c) => c.notNull())
          .addColumn('purpose', 'text', (c) => c.notNull())
          .addColumn('ticket_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('used_at', 'bigint')
          .execute();
        await db.schema.createIndex('sso_tickets_member').on('sso_tickets').column('member_id').execute();
      },
    },
    '0400-job-leases': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('job_leases')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('holder', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('next_run_at', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
      },
    },
    '0401-consent-events': {
      async up(db: AnyDb) {
        await withId(db.schema.createTable('consent_events'), engine)
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('consent', 'text', (c) => c.notNull())
          .addColumn('given', 'integer', (c) => c.notNull())
          .addColumn('policy_version', 'text', (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('changed_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('consent_events_member').on('consent_events').column('member_id').execute();
      },
    },
    '0300-password-reset-tokens': {
      async up(db: AnyDb) {
        await withId(db.schema.createTable('password_reset_tokens'), engine)
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('purpose', 'text', (c) => c.notNull())
          .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('return_url', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('used_at', 'bigint')
          .addColumn('superseded_at', 'bigint')
          .execute();
        await db.schema.createIndex('password_reset_tokens_member').on('password_reset_tokens').column('member_id').execute();
      },
    },
    '0301-password-reminders': {
      async up(db: AnyDb) {
        await db.schema.alterTable('members').addColumn('password_reminded_at', 'bigint').execute();
        await db.schema.createIndex('members_password_changed_at').on('members').column('password_changed_at').execute();
      },
    },
    '0700-proven-mobile': {
      async up(db: AnyDb) {
        await db.schema
          .alterTable('members')
          .addColumn(...text('proven_mobile'))
          .execute();
      },
    },
    '0701-delivery-budgets': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('delivery_budgets')
          .addColumn('destination', 'text', (c) => c.notNull())
          .addColumn('window_start', 'bigint', (c) => c.notNull())
          .addColumn('sent', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('delivery_budgets_pk', ['destination', 'window_start'])
          .execute();
        await db.schema.createIndex('delivery_budgets_window').on('delivery_budgets').column('window_start').execute();
      },
    },
    '0800-outgoing-messages': {
      async up(db: AnyDb) {
        await withId(db.schema.createTable('outgoing_messages'), engine)
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn(...text('topic'))
          .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
          .addColumn('deliver_by', 'bigint', (c) => c.notNull())
          .addColumn(...text('claimed_by'))
          .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn(...text('last_error'))
          .execute();
        await db.schema.createIndex('outgoing_messages_due').on('outgoing_messages').columns(['state', 'next_attempt_at']).execute();
        await db.schema.createIndex('outgoing_messages_member').on('outgoing_messages').columns(['member_id', 'topic']).execute();
      },
    },
    '0900-security-events': {
      async up(db: AnyDb) {
        await withId(db.schema.createTable('security_events'), engine)
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('public_id', 'text', (c) => c.notNull().unique())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('at', 'bigint', (c) => c.notNull())
          .addColumn(...text('device'))
          .addColumn(...text('ip_prefix'))
          .addColumn(...text('method'))
          .addColumn('not_me_token_hash', 'text')
          .execute();
        await db.schema.createIndex('security_events_member').on('security_events').columns(['member_id', 'id']).execute();
      },
    },
    '1000-passkeys': {
      async up(db: AnyDb) {
        await withId(db.schema.createTable('passkey_credentials'), engine)
          .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
          .addColumn('public_id', 'text', (c) => c.notNull().unique())
          .addColumn('credential_id', 'text', (c) => c.notNull().unique())
          .addColumn('public_key', 'text', (c) => c.notNull())
          .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn(...text('name'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('last_used_at', 'bigint')
          .execute();
        await db.schema.createIndex('passkey_credentials_member').on('passkey_credentials').column('member_id').execute();
      },
    },
    '1300-ways-in-times': {
      async up(db: AnyDb) {
        await db.schema
          .alterTable('member_tokens')
          .addColumn(...text('way'))
          .execute();
        await db.schema.alterTable('members').addColumn('proven_mobile_at', 'bigint').execute();
        await db.schema.alterTable('security_events').addColumn('not_me_expires_at', 'bigint').execute();
      },
    },
    '1301-password-confirmation': {
      async up(db: AnyDb) {
        await db.schema
          .alterTable('members')
          .addColumn('password_unconfirmed', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
    },
    '1500-passkey-disabled': {
      async up(db: AnyDb) {
        await db.schema.alterTable('passkey_credentials').addColumn('disabled_at', 'bigint').execute();
      },
    },
  };
}

/** Brings the schema up to date; safe to run from several instances at once (Kysely's migration lock). */
export async function migrateToLatest(db: AnyDb, engine: Engine): Promise<void> {
  const migrations = migrationsFor(engine);
  // Features number their migrations in ranges of their own (0100-, 0200-, ...), so a database
  // may have run a later-numbered one before an earlier-numbered one arrived: each still runs once.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}

/** Used by readiness checks: a trivial round trip to the database. */
export async function ping(db: AnyDb): Promise<void> {
  await sql`select 1`.execute(db);
}
