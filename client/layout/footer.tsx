import { useTranslation } from 'react-i18next';
import { useLanguage } from '../session/language-context.ts';
import { cookiePolicyLink, privacyPolicyLink } from '../site-links.ts';
import { useVariant } from '../variant.ts';

export function Footer() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const variant = useVariant().brand;
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
