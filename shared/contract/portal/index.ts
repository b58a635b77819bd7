import type { PortalRoute } from '../route.ts';
import { accountPortal } from './account.ts';
import { companySitesPortal } from './company-sites.ts';
import { crmPortal } from './crm.ts';
import { infoPortal } from './info.ts';
import { passkeysPortal } from './passkeys.ts';
import { passwordPortal } from './password.ts';
import { phoneProofPortal } from './phone-proof.ts';
import { preferencesPortal } from './preferences.ts';
import { profilePortal } from './profile.ts';
import { registerPortal } from './register.ts';
import { securityCenterPortal } from './security-center.ts';
import { signInPortal } from './sign-in.ts';
import { socialPortal } from './social.ts';

/**
 * The portal's browser API, by group: the one description the portal's routes are registered
 * from, the client's requests are typed by and the OpenAPI document lists every status of.
 */
export const portal = {
  signIn: signInPortal,
  social: socialPortal,
  passkeys: passkeysPortal,
  profile: profilePortal,
  account: accountPortal,
  preferences: preferencesPortal,
  securityCenter: securityCenterPortal,
  phoneProof: phoneProofPortal,
  info: infoPortal,
  crm: crmPortal,
  register: registerPortal,
  password: passwordPortal,
  companySites: companySitesPortal,
};

export const PORTAL_ROUTES: readonly PortalRoute[] = Object.values(portal).flatMap((group) => Object.values(group));
