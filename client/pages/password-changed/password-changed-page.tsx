import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePageTitle } from '../../layout/page-title.ts';
import { SuccessMark } from '../../ui/success-mark.tsx';

/** After a reset by e-mail link: success and Login Now. */
export default function PasswordChangedPage() {
  const { t } = useTranslation();
  usePageTitle('password.changed.title');
  return (
    <section className="card card--narrow stack password-changed-page">
      <SuccessMark />
      <h1>{t('password.changed.title')}</h1>
      <p>{t('password.changed.text')}</p>
      <Link href="/login" className="button button--primary">
        {t('password.changed.loginNow')}
      </Link>
    </section>
  );
}
