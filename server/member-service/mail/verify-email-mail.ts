import type { Language } from '../../../shared/languages.ts';
import { composeMail, type RenderedMail } from './compose.ts';
import { nameValues } from './name-values.ts';

export interface VerifyEmailValues {
  firstName: string;
  lastName: string;
  email: string;
  link: string;
  days: number;
}

/** The link that verifies a new member's address, valid for `days`. */
export function renderVerifyEmail(lang: Language, values: VerifyEmailValues): RenderedMail {
  return composeMail(lang, 'verifyEmail', { ...nameValues(lang, values), email: values.email, days: String(values.days) }, [
    { say: 'intro' },
    { action: 'action', link: values.link, spelledOut: true },
    { say: 'validity' },
    { say: 'ignore' },
  ]);
}
