import { useTranslation } from 'react-i18next';
import { useBackToSite } from '../../api/member.ts';
import { useUrlSession } from '../../session/use-url-session.ts';

/**
 * "to continue to Shop" under the sign-in heading, when a company site sent the visitor here:
 * they see where signing in takes them (the site's configured name, else its host).
 */
export function ContinueTo() {
  const { t } = useTranslation();
  const { callbackUrl } = useUrlSession();
  const back = useBackToSite(callbackUrl);
  if (!back?.site) return null;
  return <p className="login__continue">{t('login.continueTo', { site: back.site })}</p>;
}
