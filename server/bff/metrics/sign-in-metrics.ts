import fp from 'fastify-plugin';
import { SIGN_IN_ROUTES, routeKey } from '../sessions/watched-routes.ts';
import { codeLabel, signInsTotal } from './portal-metrics.ts';

/** The reply's code as a label value. */
function codeOf(payload: unknown): string {
  if (typeof payload !== 'string') return 'other';
  try {
    return codeLabel((JSON.parse(payload) as { code?: unknown }).code);
  } catch {
    return 'other';
  }
}

/**
 * Counts every sign-in reply, whatever path inside the route produced it (a lock, a limit, an
 * outage): it reads the code of the reply the browser gets. Registered before the routes and
 * before compression, so it sees the serialized JSON.
 */
export default fp(
  async function signInMetrics(app) {
    app.addHook('onSend', async (request, _reply, payload) => {
      const method = SIGN_IN_ROUTES[routeKey(request.method, request.routeOptions.url)];
      if (method) signInsTotal.inc({ method, code: codeOf(payload) });
      return payload;
    });
  },
  { name: 'portal-sign-in-metrics' },
);
