import { upstreamRequestDuration } from './portal-metrics.ts';

export type UpstreamOutcome = 'ok' | 'refused' | 'timeout' | 'unreachable' | 'server_error' | 'bad_reply';

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** A failed exchange: past a deadline, or no answer at all. */
export function failureOutcome(error: unknown): UpstreamOutcome {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  return name === 'TimeoutError' || (code !== undefined && TIMEOUT_CODES.has(code)) ? 'timeout' : 'unreachable';
}

/**
 * Starts timing a call of the contract route `routePattern` (`/api/Member/Login`,
 * `/api/info/option/:category/:languageCode`: never the ids, tokens or query a call fills in);
 * the returned function records it with its outcome.
 */
export function timeUpstreamCall(routePattern: string): (outcome: UpstreamOutcome) => void {
  const end = upstreamRequestDuration.startTimer({ route: routePattern });
  return (outcome) => end({ outcome });
}
