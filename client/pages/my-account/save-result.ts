import type { FieldCode } from '../../../shared/codes.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import { refusalToast } from '../../state/request-failure.ts';
import type { ToastMessage } from '../../state/toasts.ts';
import type { ProfileFormValues } from './profile-values.ts';

/**
 * The error toasts of a failed profile save (spec section 8): one per listed problem, else
 * one with the server's title when it sent one, else the translated code.
 */
export function saveFailureToasts(reply: Pick<Reply, 'code' | 'title' | 'errors'>): ToastMessage[] {
  if (reply.errors && reply.errors.length > 0) return reply.errors.map((item) => ({ messageKey: `error.${item.code}` }));
  return [refusalToast(reply)];
}

/** Server names of fields that the form calls otherwise. */
const FIELD_ALIASES: Record<string, keyof ProfileFormValues> = {
  'memberextension.vatnumber': 'VATNumber',
  'memberextension.address': 'Address',
};

/**
 * The listed problems that belong to a field of the form, as react-final-form submit errors:
 * each shows on its field (first one per field), which then gets the focus.
 */
export function saveFieldErrors(
  reply: Pick<Reply, 'errors'>,
  fields: readonly string[],
): Partial<Record<keyof ProfileFormValues, FieldCode>> {
  const found: Partial<Record<keyof ProfileFormValues, FieldCode>> = {};
  for (const item of reply.errors ?? []) {
    const lower = (item.field ?? '').toLowerCase();
    const field = (fields.find((name) => name.toLowerCase() === lower) ?? FIELD_ALIASES[lower]) as keyof ProfileFormValues | undefined;
    if (field && !found[field]) found[field] = item.code;
  }
  return found;
}
