import { Type, type Static } from '@sinclair/typebox';

/**
 * What a company site may receive about the member, in the consent screen's and Connected
 * sites' words (locale keys `oidc.items.<item>`): the OpenID Connect scopes beyond
 * `openid`, each shown as what it gives, never by its scope name.
 */
export const SITE_ITEMS = ['email', 'profile', 'phone', 'offline_access'] as const;
export type SiteItem = (typeof SITE_ITEMS)[number];

const SiteItemSchema = Type.Union(SITE_ITEMS.map((item) => Type.Literal(item)));

/** A sign-in to a company site waiting for the member's consent: its id as the portal's provider made it. */
export const ConsentParamsSchema = Type.Object({ uid: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) });

/** The site asking, and what it would receive that the member has not allowed it yet. */
export const ConsentRequestSchema = Type.Object({
  site: Type.String(),
  items: Type.Array(SiteItemSchema),
});
export type ConsentRequest = Static<typeof ConsentRequestSchema>;

/** The member's answer: Allow is never implied, it is `allow: true` alone. */
export const ConsentAnswerSchema = Type.Object({ allow: Type.Boolean() }, { additionalProperties: false });

/** Where the browser goes on: back into the sign-in to the site, which then returns to it. */
export const ConsentResultSchema = Type.Object({ continueTo: Type.String() });

/** A company site that holds the member's grant. */
export const ConnectedSiteSchema = Type.Object({
  id: Type.String(),
  site: Type.String(),
  items: Type.Array(SiteItemSchema),
  /** The company's own site (signed in without a consent screen). */
  firstParty: Type.Boolean(),
});
export type ConnectedSite = Static<typeof ConnectedSiteSchema>;

/** Connected sites: `enabled` false where the portal signs no site in by OpenID Connect. */
export const ConnectedSitesSchema = Type.Object({ enabled: Type.Boolean(), sites: Type.Array(ConnectedSiteSchema) });
export type ConnectedSites = Static<typeof ConnectedSitesSchema>;

export const ConnectedSiteParamsSchema = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$' }) });
