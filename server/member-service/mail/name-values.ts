import { MemberStatus } from '../../../shared/enums.ts';
import type { Language } from '../../../shared/languages.ts';
import { fullName } from '../../../shared/person-name.ts';
import type { MemberRow } from '../store/schema.ts';

/**
 * The names a mail may greet the member with. Until the address is proven, the name is whatever
 * the registrant typed, and whoever registered may not be the mailbox's owner: a mail to an
 * address not yet proven must not carry attacker-chosen text ("Welcome, Security alert: verify
 * at https://evil.example"), so it greets without a name.
 */
export function addresseeNames(member: Pick<MemberRow, 'status' | 'first_name' | 'last_name'>): { firstName: string; lastName: string } {
  if (member.status === MemberStatus.Unverified) return { firstName: '', lastName: '' };
  return { firstName: member.first_name, lastName: member.last_name };
}

/**
 * The name placeholders of every mail: {{firstName}}, {{lastName}} and {{name}}, the full name
 * in the order the mail's language writes it (family name first in Japanese, Chinese, Korean).
 * Greetings use {{name}}, so no catalogue has to get the order right on its own; with no name
 * the mail greets with its nameless greeting (compose.ts).
 */
export function nameValues(lang: Language, member: { firstName: string; lastName: string }) {
  return { firstName: member.firstName, lastName: member.lastName, name: fullName(lang, member.firstName, member.lastName) };
}
