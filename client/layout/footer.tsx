import { useTranslation } from 'react-i18next';
import { useLanguage } from '../session/language-context.ts';
import { useUrlSession } from '../session/use-url-session.ts';
import { cookiePolicyLink, privacyPolicyLink, siteVariant } from '../site-links.ts';

export function Footer() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const variant = siteVariant(useUrlSession().pass);
  return (
    <footer className="site-footer">
      <p>{t(variant === 'aures' ? 'common.footer.copyrightAures' : 'common.footer.copyright', { year: new Date().getFullYear() })}</p>
      <ul className="site-footer__links">
        <li>
          <a href={privacyPolicyLink(lang, variant)} target="_blank" rel="noopener noreferrer">
            {t('common.footer.privacyPolicy')}
          </a>
        </li>
        <li>
          <a href={cookiePolicyLink(lang, variant)} target="_blank" rel="noopener noreferrer">
            {t('common.footer.cookiePolicy')}
          </a>
        </li>
      </ul>
    </footer>
  );
}
