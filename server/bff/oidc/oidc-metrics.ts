import { Counter } from 'prom-client';
import { metricsRegistry } from '../../common/metrics/registry.ts';

/**
 * Counters of the OpenID Provider. Client labels are configured client ids only (an unknown
 * one counts as 'unknown'), so a caller cannot grow the label set; no label carries a code or token.
 */
export const oidcAuthorizationsTotal = new Counter({
  name: 'portal_oidc_authorizations_total',
  help: 'Authorization requests by client and result: success, or the OAuth error sent (login_required, access_denied, invalid_request, ...).',
  labelNames: ['client', 'result'] as const,
  registers: [metricsRegistry],
});

export const oidcTokensIssuedTotal = new Counter({
  name: 'portal_oidc_tokens_issued_total',
  help: 'Token endpoint successes by grant type (authorization_code, refresh_token).',
  labelNames: ['grant_type'] as const,
  registers: [metricsRegistry],
});

export const oidcBackchannelLogoutsTotal = new Counter({
  name: 'portal_oidc_backchannel_logouts_total',
  help: 'Back-channel logout tokens by client and result: sent (the site answered 200) or failed.',
  labelNames: ['client', 'result'] as const,
  registers: [metricsRegistry],
});
