import { PreferencesUpdateSchema } from '../../schemas/preferences.ts';
import { replySchemas } from '../../schemas/reply.ts';
import { PreferencesSavedSchema } from '../portal-replies.ts';
import { portalRoute } from '../route.ts';

/** choosing-preferring: the two multi-selects, or skip; the reply says where to continue. */
export const preferencesPortal = {
  update: portalRoute(
    'PATCH',
    '/api/member',
    { body: PreferencesUpdateSchema, response: replySchemas(PreferencesSavedSchema) },
    { member: true },
  ),
};
