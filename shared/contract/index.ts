import { accountContract } from './account.ts';
import { authContract } from './auth.ts';
import { claimsContract } from './claims.ts';
import { crmContract } from './crm.ts';
import { infoContract } from './info.ts';
import { otpContract } from './otp.ts';
import { passkeysContract } from './passkeys.ts';
import { passwordContract } from './password.ts';
import { phoneProofContract } from './phone-proof.ts';
import { preferencesContract } from './preferences.ts';
import { profileContract } from './profile.ts';
import { registerContract } from './register.ts';
import { securityEventsContract } from './security-events.ts';
import type { ContractRoute } from './route.ts';
import { socialContract } from './social.ts';
import { ticketsContract } from './tickets.ts';

/** Every call of the member service, by group: the one description both servers use. */
export const memberService = {
  auth: authContract,
  otp: otpContract,
  phoneProof: phoneProofContract,
  tickets: ticketsContract,
  profile: profileContract,
  preferences: preferencesContract,
  account: accountContract,
  password: passwordContract,
  passkeys: passkeysContract,
  register: registerContract,
  social: socialContract,
  crm: crmContract,
  info: infoContract,
  securityEvents: securityEventsContract,
  claims: claimsContract,
};

export const MEMBER_SERVICE_ROUTES: readonly ContractRoute[] = Object.values(memberService).flatMap((group) => Object.values(group));
