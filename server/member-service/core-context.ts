import type { Clock } from '../common/clock.ts';
import type { MemberServiceConfig } from './config.ts';
import type { MemberStore } from './store/store.ts';

/**
 * Configuration, storage and time: what writing a message, issuing a code or a link needs. Apart
 * from ServiceContext because the message queue itself is built on these.
 */
export interface CoreContext {
  config: MemberServiceConfig;
  store: MemberStore;
  clock: Clock;
}
