import { useTranslation } from 'react-i18next';
import { useBackToSiteUrl } from '../../api/member.ts';
import { useUrlSession } from '../../session/use-url-session.ts';

/** 'Back to site' when the page was opened with a callback URL the portal's allow-list accepts. */
export function BackToSite() {
  const { t } = useTranslation();
  const { callbackUrl } = useUrlSession();
  const url = useBackToSiteUrl(callbackUrl);
  if (!url) return null;
  return (
    <a className="account__back" href={url}>
      {t('account.backToSite')}
    </a>
  );
}
