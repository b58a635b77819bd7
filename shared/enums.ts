/** Enumerations of spec section 3. */
export const SocialType = { None: 0, Google: 1, Facebook: 2, LinkedIn: 3 } as const;
export type SocialType = (typeof SocialType)[keyof typeof SocialType];

export const OptionCategory = { BusinessApplicationAreas: 0, ProductsOfInterest: 1 } as const;
export type OptionCategory = (typeof OptionCategory)[keyof typeof OptionCategory];

export const OtpVerifyType = { Email: 1, Phone: 2 } as const;
export type OtpVerifyType = (typeof OtpVerifyType)[keyof typeof OtpVerifyType];

export const CaptchaType = { Google: 1, Cloudflare: 2, None: 99 } as const;
export type CaptchaType = (typeof CaptchaType)[keyof typeof CaptchaType];

/**
 * Member status as the member service reports it. 2 and 3 force a password change
 * (spec sections 3 and 4); pending deletion is a delete date, not a status.
 */
export const MemberStatus = {
  Unverified: 0,
  Active: 1,
  MustChangePassword: 2,
  PasswordExpired: 3,
  Inactive: 4,
  Deactivated: 5,
} as const;
export type MemberStatus = (typeof MemberStatus)[keyof typeof MemberStatus];

export function mustChangePassword(status: number): boolean {
  return status === MemberStatus.MustChangePassword || status === MemberStatus.PasswordExpired;
}
