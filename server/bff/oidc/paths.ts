/** Every endpoint of the OpenID Provider sits under this prefix: none collides with /api/... or /{lang}/.... */
export const OIDC_PREFIX = '/oidc';

/** Where a company site's sign-in waits for the portal's screens; sign-in screens may return here. */
export const INTERACTION_PATH = `${OIDC_PREFIX}/interaction`;

/** A portal path that continues a company site's sign-in under way. */
export const continuesSiteSignIn = (path: string): boolean => path.startsWith(`${INTERACTION_PATH}/`);
