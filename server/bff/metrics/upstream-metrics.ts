import { upstreamRequestDuration } from './portal-metrics.ts';

export type UpstreamOutcome = 'ok' | 'refused' | 'timeout' | 'unreachable' | 'server_error' | 'bad_reply';

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * The action a member-service path names: its first three segments (`/api/Member/Login`,
 * `/api/info/option`), never the ids, tokens or query after them.
 */
function upstreamRoute(path: string): string {
  return path.split('?')[0]!.split('/').slice(0, 4).join('/');
}

/** A failed exchange: past a deadline, or no answer at all. */
export function failureOutcome(error: unknown): UpstreamOutcome {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  return name === 'TimeoutError' || (code !== undefined && TIMEOUT_CODES.has(code)) ? 'timeout' : 'unreachable';
}

/** Starts timing a call; the returned function records it with its outcome. */
export function timeUpstreamCall(path: string): (outcome: UpstreamOutcome) => void {
  const end = upstreamRequestDuration.startTimer({ route: upstreamRoute(path) });
  return (outcome) => end({ outcome });
}
