import type { MemberSession, SecurityEventsPage } from '../../../shared/schemas/security-center.ts';
import { request } from '../../api/http.ts';

/** swr keys are API paths. */
export const SESSIONS_PATH = '/api/Member/Sessions';
export const SECURITY_EVENTS_PATH = '/api/Member/SecurityEvents';

export type { MemberSession, SecurityEventsPage };

export const eventsPagePath = (before?: string) =>
  before ? `${SECURITY_EVENTS_PATH}?before=${encodeURIComponent(before)}` : SECURITY_EVENTS_PATH;

export const endSession = (id: string) => request(`${SESSIONS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const endOtherSessions = () => request<{ ended: number }>(`${SESSIONS_PATH}/EndOthers`, { method: 'POST', body: {} });

/** Signed in: the event's id; from the new-device mail: its id and the link's token. */
export const disownEvent = (eventId: string, token?: string) =>
  request(`${SECURITY_EVENTS_PATH}/NotMe`, { method: 'POST', body: token === undefined ? { eventId } : { eventId, token } });
