import type { FastifyRequest } from 'fastify';
import { securityEventsContract } from '../../../shared/contract/security-events.ts';
import type { RecordSecurityEvent } from '../../../shared/schemas/security-center.ts';
import type { Upstream } from '../upstream.ts';
import { describeDevice, ipPrefix } from './device.ts';

/** Where a request came from, as the member's security pages show it. */
export function whereFrom(request: FastifyRequest): { device: string; ipPrefix: string } {
  return { device: describeDevice(request.headers['user-agent']), ipPrefix: ipPrefix(request.ip) };
}

/**
 * Hands an event the portal witnessed to the member service, which stores it. A failure is
 * logged, never passed on: the member's sign-in or change has happened either way.
 */
export function securityEventRecorder(upstream: Upstream) {
  return async function record(request: FastifyRequest, event: Omit<RecordSecurityEvent, 'device' | 'ipPrefix'>): Promise<void> {
    try {
      const result = await upstream.call(securityEventsContract.record, { body: { ...event, ...whereFrom(request) } });
      if (!result.body.isSuccess) request.log.warn({ code: result.body.code, type: event.type }, 'security event not recorded');
    } catch (err) {
      request.log.warn({ err, type: event.type }, 'security event not recorded');
    }
  };
}
