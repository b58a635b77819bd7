import type { BackgroundTasks } from './background.ts';
import type { CoreContext } from './core-context.ts';
import type { MessageDelivery } from './jobs/message-delivery.ts';
import type { PasswordHasher } from './security/passwords.ts';

/** What the route groups share: configuration, storage, the mail and text queue, time and background work. */
export interface ServiceContext extends CoreContext {
  /** Every mail and text goes through this queue (jobs/message-delivery.ts), never straight to a sender. */
  messages: MessageDelivery;
  background: BackgroundTasks;
  /** argon2id at the configured cost (PASSWORD_HASH_COST). */
  passwords: PasswordHasher;
}
