import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';

export interface CsrfOptions {
  publicOrigin: string;
}

export const XHR_HEADER = 'x-requested-with';
export const XHR_VALUE = 'XMLHttpRequest';

/** Logout is a GET in the spec, yet it changes state, so it is guarded like a POST. */
function changesState(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  // The router ignores a trailing slash, so the guard must too.
  const path = request.url.split('?')[0]?.toLowerCase().replace(/\/+$/, '');
  return path === '/api/member/logout';
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * Cross-site request forgery guard for /api. A page on another site cannot send the
 * X-Requested-With header without a CORS preflight, which the portal never grants; the
 * Origin check refuses what a browser marks as coming from elsewhere.
 */
export default fp(
  async function csrf(app, options: CsrfOptions) {
    const ownHost = new URL(options.publicOrigin).host;
    app.addHook('onRequest', async (request) => {
      if (!changesState(request)) return;
      if (request.headers[XHR_HEADER] !== XHR_VALUE) throw forbidden();
      const origin = request.headers.origin;
      if (origin === undefined) return;
      const host = originHost(origin);
      if (host === undefined || (host !== request.host && host !== ownHost)) throw forbidden();
    });
  },
  { name: 'portal-csrf' },
);
