import type { Reply } from '../../../shared/schemas/reply.ts';
import type { ToastMessage } from '../../state/toasts.ts';

/**
 * The error toasts of a failed profile save (spec section 8): one per listed problem, else
 * one with the server's title when it sent one, else the translated code.
 */
export function saveFailureToasts(reply: Pick<Reply, 'code' | 'title' | 'errors'>): ToastMessage[] {
  if (reply.errors && reply.errors.length > 0) return reply.errors.map((item) => ({ messageKey: `error.${item.code}` }));
  return [{ messageKey: `error.${reply.code || 'somethingWentWrong'}`, ...(reply.title ? { text: reply.title } : {}) }];
}
