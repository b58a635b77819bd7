import type { FastifyRequest } from 'fastify';
import { securityEventsContract } from '../../../shared/contract/security-events.ts';
import type { RecordSecurityEvent, SignedInFrom } from '../../../shared/schemas/security-center.ts';
import type { Upstream, UpstreamReply } from '../upstream.ts';
import { describeDevice, ipPrefix } from './device.ts';

/** Where a request came from, as the member's security pages show it. */
export function whereFrom(request: FastifyRequest): SignedInFrom {
  return { device: describeDevice(request.headers['user-agent']), ipPrefix: ipPrefix(request.ip) };
}

/**
 * Makes a security-event call of the member service. A failure is logged, never passed on: the
 * member's sign-in or change has happened either way.
 */
async function loggingFailure(request: FastifyRequest, what: object, call: () => Promise<UpstreamReply<unknown>>): Promise<void> {
  try {
    const result = await call();
    if (!result.body.isSuccess) request.log.warn({ ...what, code: result.body.code }, 'security event call failed');
  } catch (err) {
    request.log.warn({ ...what, err }, 'security event call failed');
  }
}

/** Hands an event the portal witnessed to the member service, which stores it. */
export function securityEventRecorder(upstream: Upstream) {
  return (request: FastifyRequest, event: Omit<RecordSecurityEvent, 'device' | 'ipPrefix'>): Promise<void> =>
    loggingFailure(request, { type: event.type }, () =>
      upstream.call(securityEventsContract.record, { body: { ...event, ...whereFrom(request) } }),
    );
}

/** Has the member service mail the member about the sign-in `eventId`, made from a browser new to them (in the member's own language). */
export function newDeviceMailer(upstream: Upstream) {
  return (request: FastifyRequest, memberId: number, eventId: string): Promise<void> =>
    loggingFailure(request, { type: 'newDeviceSignIn' }, () =>
      upstream.call(securityEventsContract.newDeviceSignIn, { body: { memberId, eventId } }),
    );
}
