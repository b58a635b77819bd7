import type { Language } from '../../../shared/languages.ts';
import { composeMail, type RenderedMail } from './compose.ts';
import { nameValues } from './name-values.ts';

export interface MemberNames {
  firstName: string;
  lastName: string;
  email: string;
}

const names = (lang: Language, m: MemberNames) => ({ ...nameValues(lang, m), email: m.email });

/** The reset link asked for on the forgot-password screen. */
export function renderPasswordResetMail(lang: Language, member: MemberNames, link: string, minutes: number): RenderedMail {
  return composeMail(lang, 'passwordReset', { ...names(lang, member), minutes: String(minutes) }, [
    { say: 'intro' },
    { action: 'action', link, spelledOut: true },
    { say: 'validity' },
    { say: 'ignore' },
  ]);
}

/** Sent after every change or reset: if it was not the member, they can act at once. */
export function renderPasswordChangedMail(lang: Language, member: MemberNames, when: string, forgotLink: string): RenderedMail {
  return composeMail(lang, 'passwordChanged', { ...names(lang, member), when }, [
    { say: 'intro' },
    { say: 'warning' },
    { action: 'action', link: forgotLink },
  ]);
}

/** The annual reminder: change the password now, or keep it for another year. */
export function renderPasswordReminderMail(
  lang: Language,
  member: MemberNames,
  links: { reset: string; keep: string },
  minutes: number,
): RenderedMail {
  return composeMail(lang, 'passwordReminder', { ...names(lang, member), minutes: String(minutes) }, [
    { say: 'intro' },
    { action: 'action', link: links.reset, spelledOut: true },
    { say: 'validity' },
    { say: 'keepIntro' },
    { action: 'keepAction', link: links.keep },
  ]);
}
