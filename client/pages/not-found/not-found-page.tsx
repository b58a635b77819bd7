import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useMember } from '../../api/member.ts';
import { usePageTitle } from '../../layout/page-title.ts';
import { useLanguage } from '../../session/language-context.ts';

/**
 * An address the portal has no screen for (the server answers it 404): say so, and lead on to
 * My account for a signed-in member, to sign-in for everyone else.
 */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { isLogin } = useMember('');
  usePageTitle('common.notFound.title');
  return (
    <section className="card card--narrow stack not-found-page">
      <p className="not-found-page__code" aria-hidden="true">
        404
      </p>
      <h1>{t('common.notFound.title')}</h1>
      <p>{t('common.notFound.text')}</p>
      {isLogin ? (
        <Link href={`~/${lang}/my-account`} className="button button--primary">
          {t('common.notFound.toAccount')}
        </Link>
      ) : (
        <Link href={`~/${lang}/login${window.location.search}`} className="button button--primary">
          {t('common.notFound.toLogin')}
        </Link>
      )}
    </section>
  );
}
