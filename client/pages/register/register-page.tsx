import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { useCountries } from '../../api/info.ts';
import { useSocialSignUp } from '../../components/social/social-api.ts';
import { SocialButtons } from '../../components/social/social-buttons.tsx';
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

  return (
    <section className="card stack register-page" aria-labelledby="register-title">
      <h1 id="register-title">{t(social ? 'social.welcome' : 'register.title')}</h1>
      <section className="register-page__benefits" aria-labelledby="register-benefits">
        <h2 id="register-benefits">{t('register.benefits.heading')}</h2>
        <ul>
          {BENEFITS.map((benefit) => (
            <li key={benefit}>{t(`register.benefits.${benefit}`)}</li>
          ))}
        </ul>
      </section>
      {!social && <SocialButtons origin="register" />}
      <RegisterForm countries={countries} session={session} />
      <p className="register-page__login">
        {t('register.haveAccount')} <Link href={`~/${lang}/login${loginLinkSearch(search)}`}>{t('register.login')}</Link>
      </p>
    </section>
  );
}
