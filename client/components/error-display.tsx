import type { FieldMetaState } from 'react-final-form';

/**
 * A field's error shows once the member touched or changed it, or submitted the form: a form
 * never opens with errors on fields nobody has used yet (My Profile still validates the loaded
 * values at once, which keeps Save from sending them).
 */
export function useVisibleError(meta: FieldMetaState<unknown>): string | undefined {
  const error = typeof meta.error === 'string' ? meta.error : undefined;
  if (!error) return undefined;
  return meta.touched || meta.modified || meta.submitFailed ? error : undefined;
}
