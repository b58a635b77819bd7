import { MemberStatus } from '../../../shared/enums.ts';

/** Why the member is changing the password; each variant has its own introduction. */
export type ChangeVariant = 'firstLogin' | 'securityReset' | 'annualReminder' | 'voluntary';

const FROM_QUERY: Record<string, ChangeVariant> = { 'first-login': 'firstLogin', security: 'securityReset', annual: 'annualReminder' };

/**
 * The variant: an explicit `reason` query value first; a reset link is a security reset unless it
 * came with the annual reminder; a signed-in member with status 2 signs in for the first time
 * (no password change yet) or was asked to reset it; status 3 has an expired (year-old)
 * password; otherwise the member chose to change it.
 */
export function changeVariant(options: {
  reason: string | undefined;
  byLink: boolean;
  status: number | undefined;
  lastChanged?: string | null;
}): ChangeVariant {
  const fromQuery = FROM_QUERY[(options.reason ?? '').toLowerCase()];
  if (fromQuery) return fromQuery;
  if (options.byLink) return 'securityReset';
  if (options.status === MemberStatus.MustChangePassword) return options.lastChanged ? 'securityReset' : 'firstLogin';
  if (options.status === MemberStatus.PasswordExpired) return 'annualReminder';
  return 'voluntary';
}
