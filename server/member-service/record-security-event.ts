import type { SecurityEventType } from '../../shared/schemas/security-center.ts';
import type { CoreContext } from './core-context.ts';
import { randomToken } from './security/tokens.ts';

/** What an event says beyond its member and time; the browser and network as the portal saw them. */
export interface SecurityEventFacts {
  type: SecurityEventType;
  device?: string;
  ipPrefix?: string;
  method?: string;
}

/** Adds an event to the member's security activity now, under a new random public id, which it returns. */
export async function recordSecurityEvent(
  { store, clock }: Pick<CoreContext, 'store' | 'clock'>,
  memberId: number,
  event: SecurityEventFacts,
): Promise<string> {
  const publicId = randomToken(16);
  await store.securityEvents.record({
    memberId,
    publicId,
    type: event.type,
    at: clock.now(),
    device: event.device ?? '',
    ipPrefix: event.ipPrefix ?? '',
    method: event.method ?? '',
  });
  return publicId;
}
