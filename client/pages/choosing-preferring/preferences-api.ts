import type { preferencesPortal } from '../../../shared/contract/portal/preferences.ts';
import { portalRequest, type PortalBody } from '../../api/portal-request.ts';

type Update = typeof preferencesPortal.update;

export const PREFERENCES_PATH: Update['url'] = '/api/member';

/** Saves the two multi-selects; the reply's data.returnUrl is where the browser goes next. */
export function savePreferences(update: PortalBody<Update>) {
  return portalRequest<Update>('PATCH', PREFERENCES_PATH, { body: update });
}
