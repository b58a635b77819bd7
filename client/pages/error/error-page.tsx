import { useTranslation } from 'react-i18next';
import { LinkedText } from '../../ui/linked-text.tsx';
import { Link, useSearch } from 'wouter';
import { usePageTitle } from '../../layout/page-title.ts';
import { useLanguage } from '../../session/language-context.ts';
import { readQueryParams } from '../../session/url-query.ts';
import { helpdeskLink } from '../../site-links.ts';
import { useVariant } from '../../variant.ts';
import { ErrorBanner } from './error-banner.tsx';
import { ExpiredLink } from './expired-link.tsx';

type ErrorKind = 'activated' | 'unauthorized' | 'generic';

function errorKind(error: string | undefined): ErrorKind {
  const lower = (error ?? '').toLowerCase();
  return lower === 'activated' || lower === 'unauthorized' ? lower : 'generic';
}

const TITLES: Record<ErrorKind, string> = {
  activated: 'activation.errorPage.activatedTitle',
  unauthorized: 'activation.errorPage.expiredTitle',
  generic: 'activation.errorPage.genericTitle',
};

/** /{lang}/error?error=activated|unauthorized&userId=..; anything else is the generic error. */
export default function ErrorPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const params = readQueryParams(useSearch());
  const kind = errorKind(params.get('error'));
  const { gdprContact } = useVariant();
  usePageTitle(TITLES[kind]);

  return (
    <section className={`card card--narrow stack error-page error-page--${kind}`}>
      {kind === 'activated' && (
        <>
          <h1>{t('activation.errorPage.activatedTitle')}</h1>
          <p>{t('activation.errorPage.activatedText')}</p>
          <Link href={`~/${lang}/login`} className="button button--primary">
            {t('activation.errorPage.login')}
          </Link>
        </>
      )}
      {kind === 'unauthorized' && <ExpiredLink userId={params.get('userid') ?? ''} />}
      {kind === 'generic' && (
        <>
          <ErrorBanner />
          <h1>{t('activation.errorPage.genericTitle')}</h1>
          <p>{t('activation.errorPage.genericText')}</p>
          <p>
            {gdprContact ? (
              t('subscription.somethingwrong.gdprContact')
            ) : (
              <LinkedText
                text={t('activation.errorPage.contact')}
                name="helpdesk"
                link={<a href={helpdeskLink(lang)} target="_blank" rel="noopener noreferrer" />}
              />
            )}
          </p>
          <Link href={`~/${lang}/login`} className="button button--secondary">
            {t('activation.errorPage.backToLogin')}
          </Link>
        </>
      )}
    </section>
  );
}
