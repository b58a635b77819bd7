import type { Language } from '../../../shared/languages.ts';
import { composeMail, type RenderedMail } from './compose.ts';
import { nameValues } from './name-values.ts';

export interface DeletionMailValues {
  firstName: string;
  lastName: string;
  /** The permanent deletion date. */
  deleteAt: number;
  /** Where the member signs in to restore the account. */
  link: string;
}

/** The date as a reader of that language writes it, in UTC (the date the purge counts with). */
function mailDate(lang: Language, ms: number): string {
  return new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(ms);
}

/** Confirms a deletion request: the permanent deletion date and how to restore before it. */
export function renderDeletionMail(lang: Language, values: DeletionMailValues): RenderedMail {
  return composeMail(lang, 'accountDeletion', { ...nameValues(lang, values), date: mailDate(lang, values.deleteAt) }, [
    { say: 'intro' },
    { say: 'restore' },
    { action: 'action', link: values.link },
    { say: 'notYou' },
  ]);
}
