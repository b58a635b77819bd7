import { securityHeaders } from '../../server/bff/plugins/security-headers.ts';

/**
 * The headers every portal reply to `GET /api/Member` carries with the bench's configuration
 * (http, no captcha, no logo), so that the servers the portal is measured against answer with
 * the same ones, set once per reply as the portal's server sets them.
 */
export const PORTAL_REPLY_HEADERS = new Map(Object.entries({ ...securityHeaders({ https: false }), 'cache-control': 'no-store' }));
