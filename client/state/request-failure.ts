import type { ReplyCode } from '../../shared/codes.ts';
import type { Reply } from '../../shared/schemas/reply.ts';
import { toastError, type ToastMessage } from './toasts.ts';
import { ApiError } from '../api/http.ts';

/** A code the client shows: one a server sent, or one of its own for a request that brought no reply. */
export type ShownCode = ReplyCode | 'network' | 'somethingWentWrong';

/** The error code for a request that brought no reply to show: unreachable server, or anything else. */
export function failureCode(error: unknown): 'network' | 'somethingWentWrong' {
  return error instanceof ApiError && error.kind === 'network' ? 'network' : 'somethingWentWrong';
}

/** The session-ended dialog (401) or the error page (500, 502) has already told the member. */
function alreadyShown(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'unauthorized' || (error.kind === 'server' && [500, 502].includes(error.status)));
}

function isReply(failure: unknown): failure is Pick<Reply, 'code' | 'title'> {
  return typeof failure === 'object' && failure !== null && 'isSuccess' in failure;
}

/** The toast of a refused reply: its translated code, or the server's title when it sent one (spec section 8). */
export function refusalToast(reply: Pick<Reply, 'code' | 'title'>): ToastMessage {
  return { messageKey: `error.${reply.code || 'somethingWentWrong'}`, ...(reply.title ? { text: reply.title } : {}) };
}

/**
 * The toast for a failed request: a refused reply shows its translated code (a server title
 * wins, spec section 8); a thrown request shows `failureCode`. Undefined when another part of
 * the page has already said it.
 */
function failureToast(failure: unknown): ToastMessage | undefined {
  if (isReply(failure)) return refusalToast(failure);
  return alreadyShown(failure) ? undefined : { messageKey: `error.${failureCode(failure)}` };
}

/** Shows `failureToast(failure)`, if any: a refused reply or a thrown request. */
export function toastFailure(failure: unknown): void {
  const toast = failureToast(failure);
  if (toast) toastError(toast);
}
