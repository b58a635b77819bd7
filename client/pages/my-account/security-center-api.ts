import type { securityCenterPortal } from '../../../shared/contract/portal/security-center.ts';
import type { MemberSession, SecurityEventsPage } from '../../../shared/schemas/security-center.ts';
import { portalRequest } from '../../api/portal-request.ts';

type Routes = typeof securityCenterPortal;

/** swr keys are API paths. */
export const SESSIONS_PATH: Routes['sessions']['url'] = '/api/Member/Sessions';
export const SECURITY_EVENTS_PATH: Routes['events']['url'] = '/api/Member/SecurityEvents';

export type { MemberSession, SecurityEventsPage };

export const eventsPagePath = (before?: string) =>
  before ? `${SECURITY_EVENTS_PATH}?before=${encodeURIComponent(before)}` : SECURITY_EVENTS_PATH;

export const endSession = (id: string) => portalRequest<Routes['endSession']>('DELETE', '/api/Member/Sessions/:id', { params: { id } });

export const endOtherSessions = () => portalRequest<Routes['endOtherSessions']>('POST', '/api/Member/Sessions/EndOthers', {});

/** Signed in: the event's id; from the new-device mail: its id and the link's token. */
export const disownEvent = (eventId: string, token?: string) =>
  portalRequest<Routes['notMe']>('POST', '/api/Member/SecurityEvents/NotMe', {
    body: token === undefined ? { eventId } : { eventId, token },
  });
