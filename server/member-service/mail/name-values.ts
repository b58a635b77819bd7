import type { Language } from '../../../shared/languages.ts';
import { fullName } from '../../../shared/person-name.ts';

/**
 * The name placeholders of every mail: {{firstName}}, {{lastName}} and {{name}}, the full name
 * in the order the mail's language writes it (family name first in Japanese, Chinese, Korean).
 * Greetings use {{name}}, so no catalogue has to get the order right on its own.
 */
export function nameValues(lang: Language, member: { firstName: string; lastName: string }) {
  return { firstName: member.firstName, lastName: member.lastName, name: fullName(lang, member.firstName, member.lastName) };
}
