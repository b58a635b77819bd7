import { Type, type Static } from '@sinclair/typebox';

/**
 * What the client must know from the portal's configuration, decided per request
 * (GET /api/info/PortalConfig). captcha.type: 1 Google, 2 Cloudflare Turnstile, 99 skipped
 * (WeChat in-app browser), null off; siteKey is the provider's public key.
 */
export const PortalConfigSchema = Type.Object({
  captcha: Type.Object({
    type: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(99), Type.Null()]),
    siteKey: Type.Optional(Type.String()),
  }),
  chineseSite: Type.Boolean(),
  /** Social types (1 Google, 2 Facebook, 3 LinkedIn) whose buttons are shown: the configured ones, none on the Chinese site. */
  socialTypes: Type.Array(Type.Integer()),
});
export type PortalConfig = Static<typeof PortalConfigSchema>;
