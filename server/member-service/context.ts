import type { Clock } from '../common/clock.ts';
import type { BackgroundTasks } from './background.ts';
import type { MemberServiceConfig } from './config.ts';
import type { MessageDelivery } from './jobs/message-delivery.ts';
import type { MemberStore } from './store/store.ts';

/** What the route groups share: configuration, storage, the mail and text queue, time and background work. */
export interface ServiceContext {
  config: MemberServiceConfig;
  store: MemberStore;
  /** Every mail and text goes through this queue (jobs/message-delivery.ts), never straight to a sender. */
  messages: MessageDelivery;
  clock: Clock;
  background: BackgroundTasks;
}
