import { MemberStatus } from '../../../shared/enums.ts';

/** Why the member is changing the password; each variant has its own introduction. */
export type ChangeVariant = 'firstLogin' | 'securityReset' | 'annualReminder' | 'voluntary';

const FROM_QUERY: Record<string, ChangeVariant> = { 'first-login': 'firstLogin', security: 'securityReset', annual: 'annualReminder' };

/**
 * The variant: an explicit `reason` query value first; a reset link is a security reset unless it
 * came with the annual reminder; a signed-in member's status 2 means first sign-in, 3 an expired
 * (year-old) password, otherwise the member chose to change it.
 */
export function changeVariant(options: { reason: string | undefined; byLink: boolean; status: number | undefined }): ChangeVariant {
  const fromQuery = FROM_QUERY[(options.reason ?? '').toLowerCase()];
  if (fromQuery) return fromQuery;
  if (options.byLink) return 'securityReset';
  if (options.status === MemberStatus.MustChangePassword) return 'firstLogin';
  if (options.status === MemberStatus.PasswordExpired) return 'annualReminder';
  return 'voluntary';
}
