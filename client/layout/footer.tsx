import { useTranslation } from 'react-i18next';
import { useLanguage } from '../session/language-context.ts';
import { cookiePolicyLink, privacyPolicyLink } from '../site-links.ts';
import { useVariant, type Brand } from '../variant.ts';

const COPYRIGHT: Record<Brand, string> = {
  default: 'common.footer.copyright',
  iotmart: 'common.footer.copyrightIotmart',
  aures: 'common.footer.copyrightAures',
};

export function Footer() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const variant = useVariant().brand;
  return (
    <footer className="site-footer">
      <p>{t(COPYRIGHT[variant], { year: new Date().getFullYear() })}</p>
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
