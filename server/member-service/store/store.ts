import { consentsRepository, socialLinksRepository, type ConsentsRepository, type SocialLinksRepository } from './consents.ts';
import { openDatabase, type DatabaseOptions, type Engine } from './db.ts';
import { jobLeasesRepository, type JobLeasesRepository } from './job-leases.ts';
import { accountDeletionRepository, type AccountDeletionRepository } from './account-deletion.ts';
import { consentEventsRepository, type ConsentEventsRepository } from './consent-events.ts';
import { deliveryBudgetsRepository, type DeliveryBudgetsRepository } from './delivery-budgets.ts';
import { membersRepository, type MembersRepository } from './members.ts';
import { migrateToLatest, ping } from './migrations.ts';
import { otpCodesRepository, type OtpCodesRepository } from './otp-codes.ts';
import { outgoingMessagesRepository, type OutgoingMessagesRepository } from './outgoing-messages.ts';
import { passkeysRepository, type PasskeysRepository } from './passkeys.ts';
import { passwordChangesRepository, type PasswordChangesRepository } from './password-changes.ts';
import { passwordRemindersRepository, type PasswordRemindersRepository } from './password-reminders.ts';
import { resetTokensRepository, type ResetTokensRepository } from './reset-tokens.ts';
import { securityEventsRepository, type SecurityEventsRepository } from './security-events.ts';
import { ticketsRepository, type TicketsRepository } from './tickets.ts';
import {
  activationTokensRepository,
  sessionTokensRepository,
  type ActivationTokensRepository,
  type SessionTokensRepository,
} from './tokens.ts';

/**
 * The member service's one storage interface. The same Kysely queries run on SQLite
 * (embedded default) and PostgreSQL (DATABASE_URL); nothing outside store/ knows which.
 */
export interface MemberStore {
  readonly engine: Engine;
  readonly members: MembersRepository;
  readonly sessions: SessionTokensRepository;
  readonly activations: ActivationTokensRepository;
  readonly consents: ConsentsRepository;
  readonly socialLinks: SocialLinksRepository;
  readonly otpCodes: OtpCodesRepository;
  readonly tickets: TicketsRepository;
  readonly resetTokens: ResetTokensRepository;
  readonly passwordChanges: PasswordChangesRepository;
  readonly passwordReminders: PasswordRemindersRepository;
  readonly passkeys: PasskeysRepository;
  readonly securityEvents: SecurityEventsRepository;
  readonly jobLeases: JobLeasesRepository;
  readonly accountDeletion: AccountDeletionRepository;
  readonly consentEvents: ConsentEventsRepository;
  readonly deliveryBudgets: DeliveryBudgetsRepository;
  readonly outgoingMessages: OutgoingMessagesRepository;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Opens the database and brings its schema up to date. */
export async function openMemberStore(options: DatabaseOptions): Promise<MemberStore> {
  const { db, engine } = openDatabase(options);
  try {
    await migrateToLatest(db, engine);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    engine,
    members: membersRepository(db),
    sessions: sessionTokensRepository(db),
    activations: activationTokensRepository(db),
    consents: consentsRepository(db),
    socialLinks: socialLinksRepository(db),
    otpCodes: otpCodesRepository(db),
    tickets: ticketsRepository(db),
    resetTokens: resetTokensRepository(db),
    passwordChanges: passwordChangesRepository(db),
    passwordReminders: passwordRemindersRepository(db),
    passkeys: passkeysRepository(db),
    securityEvents: securityEventsRepository(db),
    jobLeases: jobLeasesRepository(db),
    accountDeletion: accountDeletionRepository(db),
    consentEvents: consentEventsRepository(db),
    deliveryBudgets: deliveryBudgetsRepository(db),
    outgoingMessages: outgoingMessagesRepository(db),
    ping: () => ping(db),
    close: () => db.destroy(),
  };
}
