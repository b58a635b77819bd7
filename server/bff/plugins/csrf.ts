import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET route that changes state (Logout in the spec): guarded like a POST. */
    changesState?: boolean;
  }
}

interface CsrfOptions {
  publicOrigin: string;
}

const XHR_HEADER = 'x-requested-with';
const XHR_VALUE = 'XMLHttpRequest';

/** Route config of a GET that changes state. */
export const CHANGES_STATE = { changesState: true } as const;

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Decided on the route the router matched, never on the URL text: however a path is spelled
 * (percent-encoded, another case, a trailing slash), what reaches a route gets its guard.
 */
function changesState(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method) || request.routeOptions.config.changesState === true;
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
