import type { MemberRow } from '../store/schema.ts';

/** The number a member's mobile fields make: '+49' and '15123456789' give '+4915123456789'. */
function internationalNumber(countryCode: string, mobile: string): string {
  return `+${countryCode.replace(/\D/g, '')}${mobile.replace(/\D/g, '')}`;
}

/** The member's mobile number in international form ('+4915123456789'), or undefined when incomplete. */
export function mobileNumberOf(member: Pick<MemberRow, 'mobile' | 'mobile_country_code'>): string | undefined {
  const complete = member.mobile.replace(/\D/g, '') !== '' && member.mobile_country_code.replace(/\D/g, '') !== '';
  return complete ? internationalNumber(member.mobile_country_code, member.mobile) : undefined;
}

/**
 * Sign-in codes go only to a number the member proved by entering a code sent to it: a number
 * typed in at registration proves nothing about who holds it. A changed number is unproven.
 */
export function provenMobileOf(member: MemberRow): string | undefined {
  const number = mobileNumberOf(member);
  return number !== undefined && member.proven_mobile === number ? number : undefined;
}

/** What replies may show of a number: its last three digits. */
export function lastThreeDigits(number: string): string {
  return number.replace(/\D/g, '').slice(-3);
}
