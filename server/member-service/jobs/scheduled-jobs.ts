import type { MessageDelivery } from './message-delivery.ts';
import { passwordReminderJob } from './password-reminder.ts';
import { purgeDeletedMembersJob } from './purge-deleted-members.ts';
import type { PeriodicJob } from './runner.ts';

/** The periodic jobs every member-service instance runs (one at a time across instances). */
export function scheduledJobs(messages: MessageDelivery): PeriodicJob[] {
  return [purgeDeletedMembersJob(), passwordReminderJob(messages), messages.job()];
}
