import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useBackToSite, useMember } from '../api/member.ts';
import { LanguagePicker } from '../ui/language-picker.tsx';
import { useLanguage } from '../session/language-context.ts';
import { useBrowserValue } from '../session/use-browser-value.ts';
import { useUrlSession } from '../session/use-url-session.ts';
import { logoLink, offPortalReferrer } from '../site-links.ts';
import { useVariant, type Brand } from '../variant.ts';
import { BrandLogo } from './brand-logo.tsx';

const BRAND_NAME: Record<Brand, string> = { default: 'common.brand', iotmart: 'common.brandIotmart', aures: 'common.brandAures' };

/** One row at every width, the same height signed in or out: logo and name, language, sign-out. */
export function Header({ page }: { page: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useUrlSession();
  const { brand: variant, showLanguagePicker } = useVariant();
  const { isLogin } = useMember(page);
  const referrer = useBrowserValue(() => offPortalReferrer(document.referrer, window.location.origin), '');
  // The allow-list stays on the server; it answers for this one URL (null when not listed).
  const listedReferrer = useBackToSite(variant === 'default' ? referrer : '')?.url;

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <a className={`site-header__logo site-header__logo--${variant}`} href={logoLink(lang, variant, listedReferrer)}>
        <BrandLogo brand={variant} />
        <span className="site-header__name">{t(BRAND_NAME[variant])}</span>
      </a>
      <div className="site-header__tools">
        {showLanguagePicker && <LanguagePicker />}
        {isLogin && page !== 'logout' && (
          <Link className="button button--secondary button--compact" href={`/logout${session.queryString}`}>
            {t('common.signOut')}
          </Link>
        )}
      </div>
    </header>
  );
}
