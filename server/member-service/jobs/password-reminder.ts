import { isLanguage } from '../../../shared/languages.ts';
import { PASSWORD_MAX_AGE_DAYS } from '../../../shared/limits.ts';
import type { Clock } from '../../common/clock.ts';
import type { MemberStore } from '../store/store.ts';
import type { MessageDelivery } from './message-delivery.ts';
import type { PeriodicJob } from './runner.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

/**
 * Queues the annual reminder for every member whose password turned one year old and who was not
 * reminded since it was set. Each member is claimed with a conditional update in the transaction
 * that queues the mail, so two instances never both queue it and a claimed member always has it
 * queued. Returns how many reminders were queued.
 */
export async function queueDuePasswordReminders(store: MemberStore, clock: Clock, messages: MessageDelivery): Promise<number> {
  const cutoff = clock.now() - PASSWORD_MAX_AGE_DAYS * DAY_MS;
  let queued = 0;
  for (;;) {
    const due = await store.passwordReminders.due(cutoff, BATCH);
    for (const member of due) {
      const mail = messages.draft('password-reminder', { lang: isLanguage(member.lang) ? member.lang : 'en' });
      if (await store.passwordReminders.claim(member, clock.now(), [mail])) queued += 1;
    }
    if (queued > 0) messages.deliverSoon();
    if (due.length < BATCH) return queued;
  }
}

export const PASSWORD_REMINDER_JOB = 'password-reminder';

/** Looks for year-old passwords every hour. */
export function passwordReminderJob(messages: MessageDelivery): PeriodicJob {
  return {
    name: PASSWORD_REMINDER_JOB,
    intervalMs: 60 * 60 * 1000,
    run: async (store, clock) => {
      await queueDuePasswordReminders(store, clock, messages);
    },
  };
}
