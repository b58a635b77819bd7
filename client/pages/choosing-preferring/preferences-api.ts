import type { PreferencesUpdate } from '../../../shared/schemas/preferences.ts';
import { request } from '../../api/http.ts';

export const PREFERENCES_PATH = '/api/member';

/** Saves the two multi-selects; the reply's data.returnUrl is where the browser goes next. */
export function savePreferences(update: PreferencesUpdate) {
  return request<{ returnUrl: string }>(PREFERENCES_PATH, { method: 'PATCH', body: update });
}
