import type { FieldMetaState } from 'react-final-form';

/** What decides whether a field's error shows: react-final-form's field state, or a native form's (native-form.ts). */
export type ErrorDisplayState = Pick<
  FieldMetaState<unknown>,
  'error' | 'touched' | 'modified' | 'submitFailed' | 'submitError' | 'dirtySinceLastSubmit'
>;

/**
 * A field's error shows once the member changed it and moved on (then it follows every
 * keystroke), or submitted the form: a form never opens with errors on fields nobody has used,
 * and a field that was only passed through (the focused e-mail field of the sign-in card, left
 * for the sign-up link) stays quiet, so nothing jumps under the pointer. My Profile still
 * validates the loaded values at once, which keeps Save from sending them. A verdict the server
 * returned for the field on submit (e.g. Form_PhoneNumber_Invalid) shows until the member edits
 * the form again.
 */
export function visibleError(meta: ErrorDisplayState): string | undefined {
  const error = typeof meta.error === 'string' ? meta.error : undefined;
  if (error && ((meta.touched && meta.modified) || meta.submitFailed)) return error;
  const serverError = typeof meta.submitError === 'string' ? meta.submitError : undefined;
  return serverError && !meta.dirtySinceLastSubmit ? serverError : undefined;
}
