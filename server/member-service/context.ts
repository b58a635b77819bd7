import type { Clock } from '../common/clock.ts';
import type { BackgroundTasks } from './background.ts';
import type { MemberServiceConfig } from './config.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SmsSender } from './sms/sms-sender.ts';
import type { MemberStore } from './store/store.ts';

/** What the route groups share: configuration, storage, mail, time and background work. */
export interface ServiceContext {
  config: MemberServiceConfig;
  store: MemberStore;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
  background: BackgroundTasks;
}
