import { createContext, useContext } from 'react';
import type { FieldMetaState } from 'react-final-form';

/**
 * 'interaction': a field's error shows once it was touched, changed or the form was submitted.
 * 'always': errors show at once (My Profile validates the loaded values immediately).
 */
export type ErrorDisplay = 'interaction' | 'always';

export const ErrorDisplayContext = createContext<ErrorDisplay>('interaction');

export function useVisibleError(meta: FieldMetaState<unknown>): string | undefined {
  const display = useContext(ErrorDisplayContext);
  const error = typeof meta.error === 'string' ? meta.error : undefined;
  if (!error) return undefined;
  return display === 'always' || meta.touched || meta.modified || meta.submitFailed ? error : undefined;
}
