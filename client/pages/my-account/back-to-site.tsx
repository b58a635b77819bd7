import { useTranslation } from 'react-i18next';
import { useBackToSite } from '../../api/member.ts';
import { useUrlSession } from '../../session/use-url-session.ts';

/** "← Back to Shop" when the page was opened with a callback URL the portal's allow-list accepts. */
export function BackToSite() {
  const { t } = useTranslation();
  const { callbackUrl } = useUrlSession();
  const back = useBackToSite(callbackUrl);
  if (!back) return null;
  return (
    <a className="account__back" href={back.url}>
      {back.site ? t('account.backToNamedSite', { site: back.site }) : t('account.backToSite')}
    </a>
  );
}
