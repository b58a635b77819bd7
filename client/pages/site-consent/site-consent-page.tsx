import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { Link, useParams } from 'wouter';
import { fetchData } from '../../api/http.ts';
import { answerConsent, consentPath, type ConsentRequest } from '../../features/company-sites/company-sites-api.ts';
import { SiteItems } from '../../features/company-sites/site-items.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';

/** Only a continuation of the portal's own sign-in flow: the browser never leaves for an address from a reply. */
const samePortal = (to: string) => new URL(to, window.location.href).origin === window.location.origin;

/**
 * A company site that is not the company's own asks to sign the member in: what it would
 * receive, in words, and the member's explicit Allow or Cancel (the site then hears
 * access_denied). Either way the browser goes on into the sign-in, which returns to the site.
 */
export default function SiteConsentPage() {
  const { t } = useTranslation();
  const { uid = '' } = useParams<{ uid: string }>();
  const { data: question, error } = useSWR<ConsentRequest>(consentPath(uid), fetchData, { revalidateOnFocus: false });
  const [answering, setAnswering] = useState<'allow' | 'deny' | undefined>();
  const [failed, setFailed] = useState(false);
  usePageTitle('oidc.consent.heading');

  const answer = async (allow: boolean) => {
    setAnswering(allow ? 'allow' : 'deny');
    setFailed(false);
    const reply = await answerConsent(uid, allow).catch(() => undefined);
    const to = reply?.isSuccess ? reply.data?.continueTo : undefined;
    if (to && samePortal(to)) return window.location.assign(to);
    setAnswering(undefined);
    setFailed(true);
  };

  if (error || failed)
    return (
      <section className="card card--narrow stack site-consent-page">
        <h1>{t('oidc.consent.gone.title')}</h1>
        <p>{t('oidc.consent.gone.text')}</p>
        <Link href="/my-account">{t('oidc.consent.toAccount')}</Link>
      </section>
    );
  if (!question) return <Spinner />;
  const { site, items } = question;
  return (
    <section className="card card--narrow stack site-consent-page">
      <h1>{t('oidc.consent.title', { site })}</h1>
      <p>{t(items.length > 0 ? 'oidc.consent.intro' : 'oidc.consent.introSignInOnly', { site })}</p>
      {items.length > 0 && <SiteItems items={items} label={t('oidc.consent.itemsLabel', { site })} />}
      <p>{t('oidc.consent.never')}</p>
      <div className="actions">
        <Button variant="secondary" busy={answering === 'deny'} disabled={answering !== undefined} onClick={() => void answer(false)}>
          {t('oidc.consent.deny')}
        </Button>
        <Button busy={answering === 'allow'} disabled={answering !== undefined} onClick={() => void answer(true)}>
          {t('oidc.consent.allow')}
        </Button>
      </div>
    </section>
  );
}
