import { isLanguage } from '../../../shared/languages.ts';
import { PASSWORD_MAX_AGE_DAYS } from '../../../shared/limits.ts';
import type { MemberServiceConfig } from '../config.ts';
import { sendPasswordReminderMail, type MailContext } from '../password-links.ts';
import type { PeriodicJob } from './runner.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

/**
 * Mails the annual reminder to every member whose password turned one year old and who was not
 * reminded since it was set. Each member is claimed with a conditional update before the mail
 * goes out, so two instances never both send it; a failed send gives the claim back for the
 * next run. Returns how many reminders went out.
 */
export async function sendDuePasswordReminders(ctx: MailContext): Promise<number> {
  const cutoff = ctx.clock.now() - PASSWORD_MAX_AGE_DAYS * DAY_MS;
  let sent = 0;
  for (;;) {
    const due = await ctx.store.passwordResets.dueForReminder(cutoff, BATCH);
    for (const member of due) {
      if (!(await ctx.store.passwordResets.claimReminder(member, ctx.clock.now()))) continue;
      try {
        await sendPasswordReminderMail(ctx, member, isLanguage(member.lang) ? member.lang : 'en');
      } catch (error) {
        await ctx.store.passwordResets.releaseReminder(member);
        throw error;
      }
      sent += 1;
    }
    if (due.length < BATCH) return sent;
  }
}

export const PASSWORD_REMINDER_JOB = 'password-reminder';

/** Looks for year-old passwords every hour. */
export function passwordReminderJob(config: MemberServiceConfig): PeriodicJob {
  return {
    name: PASSWORD_REMINDER_JOB,
    intervalMs: 60 * 60 * 1000,
    run: async (store, clock, mailer) => {
      await sendDuePasswordReminders({ store, clock, mailer, config });
    },
  };
}
