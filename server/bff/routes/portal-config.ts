import type { FastifyInstance } from 'fastify';
import { infoPortal } from '../../../shared/contract/portal/info.ts';
import { ok } from '../../../shared/schemas/reply.ts';
import type { PortalConfig } from '../../../shared/schemas/portal-config.ts';
import { ALLOWED_DURING_PASSWORD_CHANGE } from '../plugins/session.ts';
import { configuredSocialTypes } from '../social/social-config.ts';
import type { RouteDeps } from '../deps.ts';
import { portalApi, served } from './portal-api.ts';

/**
 * Settings the client needs from the configuration; they depend on the host and the browser.
 * `chineseSite` is the host's part of the Chinese variant; the client adds the language's (zh-cn).
 */
function portalConfigFor(deps: RouteDeps, request: Parameters<RouteDeps['captcha']['choose']>[0]): PortalConfig {
  const choice = deps.captcha.choose(request);
  return {
    captcha: choice.siteKey === undefined ? { type: choice.type } : { type: choice.type, siteKey: choice.siteKey },
    chineseSite: choice.chineseSite,
    socialTypes: choice.chineseSite ? [] : configuredSocialTypes(deps.config.social),
  };
}

export default async function portalConfigRoutes(app: FastifyInstance, deps: RouteDeps) {
  // Every screen reads it, change-password included.
  const { portalConfig } = infoPortal;
  portalApi(app).get(portalConfig.url, served(portalConfig, ALLOWED_DURING_PASSWORD_CHANGE), async (request, reply) => {
    // The answer varies by user agent (WeChat), language and host; never share it between visitors.
    reply.header('cache-control', 'private, no-store');
    return ok(portalConfigFor(deps, request));
  });
}
