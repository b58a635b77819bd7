import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { useCountries } from '../../ui/country/use-countries.ts';
import { useSocialSignUp } from '../../features/social/use-social-sign-up.ts';
import { CheckCircleIcon } from '../../ui/icons.tsx';
import { SocialButtons } from '../../features/social/social-buttons.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { useLanguage } from '../../session/language-context.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { loginLinkSearch } from './login-link.ts';
import { RegisterForm } from './register-form.tsx';

const BENEFITS = ['singleSignOn', 'updates', 'selfService'] as const;

export default function RegisterPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useUrlSession();
  const search = useSearch();
  const countries = useCountries(lang);
  const social = useSocialSignUp();
  usePageTitle('register.title');

  // Title, benefits, form in reading order; on a wide screen the benefits stand beside the form.
  return (
    <div className="register-page">
      <h1 id="register-title" className="register-page__title">
        {t(social ? 'social.welcome' : 'register.title')}
      </h1>
      <aside className="register-page__benefits" aria-labelledby="register-benefits">
        <h2 id="register-benefits">{t('register.benefits.heading')}</h2>
        <ul className="benefits">
          {BENEFITS.map((benefit) => (
            <li key={benefit}>
              <CheckCircleIcon />
              <span>{t(`register.benefits.${benefit}`)}</span>
            </li>
          ))}
        </ul>
      </aside>
      <section className="card register-page__form" aria-labelledby="register-title">
        {!social && <SocialButtons origin="register" />}
        <RegisterForm countries={countries} session={session} />
        <p className="register-page__login">
          {t('register.haveAccount')} <Link href={`~/${lang}/login${loginLinkSearch(search)}`}>{t('register.login')}</Link>
        </p>
      </section>
    </div>
  );
}
