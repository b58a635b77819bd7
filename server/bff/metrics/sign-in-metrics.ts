import fp from 'fastify-plugin';
import { codeLabel, signInsTotal } from './portal-metrics.ts';

type SignInMethod = 'password' | 'code' | 'social' | 'ticket' | 'passkey';

/** The routes where a browser signs in, by method. A new sign-in route is added here. */
export const SIGN_IN_ROUTES: Readonly<Record<string, SignInMethod>> = {
  '/api/Member/Login': 'password',
  '/api/Member/otpVerify': 'code',
  '/api/Member/GoogleLogin': 'social',
  '/api/Member/FbLogin': 'social',
  '/api/Member/LinkedinLogin': 'social',
  '/api/Member/RefererLogin': 'ticket',
  '/api/Member/Passkey/Login': 'passkey',
};

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
      const method = request.method === 'POST' ? SIGN_IN_ROUTES[request.routeOptions.url ?? ''] : undefined;
      if (method) signInsTotal.inc({ method, code: codeOf(payload) });
      return payload;
    });
  },
  { name: 'portal-sign-in-metrics' },
);
