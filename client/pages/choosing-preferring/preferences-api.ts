import type { PreferencesUpdate } from '../../../shared/schemas/preferences.ts';
import { request } from '../../api/http.ts';

/** Saves the two multi-selects; the reply's data.returnUrl is where the browser goes next. */
export function savePreferences(update: PreferencesUpdate) {
  return request<{ returnUrl: string }>('/api/member', { method: 'PATCH', body: update });
}
