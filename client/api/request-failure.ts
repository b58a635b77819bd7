import { ApiError } from './http.ts';
import type { ToastMessage } from '../state/toasts.ts';

/** The toast for a request that brought no reply to show: unreachable server or a server fault. */
export function requestFailureToast(error: unknown): ToastMessage {
  return { messageKey: error instanceof ApiError && error.kind === 'network' ? 'error.network' : 'error.servererror' };
}
