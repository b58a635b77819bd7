import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { LOCKOUT_SECONDS } from '../../../shared/limits.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import type { SignInMethod } from '../../../shared/schemas/security-center.ts';
import { SIGN_IN_DOORS } from '../sign-in/sign-in-doors.ts';
import type { Upstream } from '../upstream.ts';
import type { KnownDevices } from './known-devices.ts';
import { securityEventRecorder, whereFrom } from './security-event-recorder.ts';
import { CHANGE_ROUTES, SIGN_IN_ROUTES, routeKey } from './watched-routes.ts';

declare module 'fastify' {
  interface Session {
    /** How, from where and with what this session signed in: the member's list of sessions shows it. */
    signInMethod?: SignInMethod;
    device?: string;
    ipPrefix?: string;
  }
}

interface SecurityTrackingOptions {
  upstream: Upstream;
  knownDevices: KnownDevices;
}

const isReply = (payload: unknown): payload is Reply<Record<string, unknown>> =>
  typeof payload === 'object' && payload !== null && typeof (payload as Reply).isSuccess === 'boolean';

/** The sign-in ID a refused attempt named (its lock and its events belong to that address). */
const namedAccount = (request: FastifyRequest) => {
  const userId = (request.body as { userId?: unknown } | undefined)?.userId;
  return typeof userId === 'string' ? userId : undefined;
};

/**
 * Watches the replies of the routes in watched-routes.ts, after the handler and before the
 * session is saved: a new session is stamped with how, where and with what it signed in, the
 * browser is checked against the member's known devices (a new one gets the member a mail), and
 * the outcome goes to the member's security activity. Handlers stay unaware of all this.
 */
export default fp(
  async function securityTracking(app, { upstream, knownDevices }: SecurityTrackingOptions) {
    const record = securityEventRecorder(upstream);

    app.addHook('preSerialization', async (request, reply, payload) => {
      if (!isReply(payload)) return payload;
      const key = routeKey(request.method, request.routeOptions.url);
      const session = request.session;
      const memberId = session?.memberId;
      const method = SIGN_IN_ROUTES[key];

      if (method !== undefined && memberId !== undefined && session.signInMethod === undefined) {
        Object.assign(session, { signInMethod: method, ...whereFrom(request) });
        const newDevice = await knownDevices.signedIn(request, reply, memberId);
        // No language: the mail is in the member's own, never in that of whoever signed in.
        // Not awaited: the session exists either way (a failure is logged), and the sign-in's
        // reply need not wait for a second member service call.
        void record(request, { type: 'signIn', memberId, method, newDevice });
      } else if (method === 'password' || method === 'code') {
        const userId = namedAccount(request);
        const door = method === 'password' ? SIGN_IN_DOORS.password : SIGN_IN_DOORS.code;
        const lockStarted = payload.code === 'AccountLock' && payload.data?.remainingSeconds === LOCKOUT_SECONDS;
        const type = lockStarted ? 'locked' : door.verdict({ body: payload }) === 'wrong' ? 'signInFailed' : undefined;
        // Not awaited: a refused sign-in answers in the same time whether or not the account exists.
        if (type && userId) void record(request, { type, userId, method });
      }

      const change = CHANGE_ROUTES[key];
      if (change !== undefined && payload.isSuccess) {
        const type = typeof change === 'function' ? change(request.body) : change;
        if (type === undefined) return payload;
        const userId = typeof payload.data?.userId === 'string' ? payload.data.userId : namedAccount(request);
        if (memberId !== undefined) await record(request, { type, memberId });
        // Signed out (a reset link, a code), the ID may be unknown: answered in the same time either way.
        else if (userId) void record(request, { type, userId });
      }
      return payload;
    });
  },
  { name: 'security-tracking' },
);
