import type { ShownCode } from '../../state/request-failure.ts';
import type { FieldCode } from '../../../shared/codes.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';

/** What a field of the form may be refused with: a rule's code, a password the member used before or equal to the ID, or a wrong current password. */
export type ChangeFieldCode = FieldCode | 'passwordused' | 'useridpwdthesame' | 'CurrentPasswordIncorrect';

/** What the change-password form does with a reply. */
export type ChangeResult =
  | { kind: 'done' }
  /** Refusals of one field, shown under it. */
  | { kind: 'fields'; errors: Array<{ field: string; code: ChangeFieldCode }> }
  /** The e-mail link no longer works: use the latest e-mail or ask for a new one. */
  | { kind: 'linkExpired' }
  | { kind: 'error'; code: ShownCode; title?: string };

/** Fields of the form by the names the server uses. */
const FIELD_NAMES: Record<string, string> = {
  password: 'password',
  newPassword: 'password',
  confirmPassword: 'confirmPassword',
  oldPassword: 'oldPassword',
  currentPassword: 'oldPassword',
};

export function changeResult(reply: Reply): ChangeResult {
  if (reply.isSuccess) return { kind: 'done' };
  if (reply.code === 'ResetLinkExpired') return { kind: 'linkExpired' };
  if (reply.code === 'AccountOrPwdFail') return { kind: 'fields', errors: [{ field: 'oldPassword', code: 'CurrentPasswordIncorrect' }] };
  if (reply.code === 'passwordused' || reply.code === 'useridpwdthesame')
    return { kind: 'fields', errors: [{ field: 'password', code: reply.code }] };
  const fieldErrors = (reply.errors ?? []).flatMap((e) =>
    e.field && FIELD_NAMES[e.field] ? [{ field: FIELD_NAMES[e.field]!, code: e.code }] : [],
  );
  if (fieldErrors.length > 0) return { kind: 'fields', errors: fieldErrors };
  return { kind: 'error', code: reply.code || 'somethingWentWrong', title: reply.title || undefined };
}
