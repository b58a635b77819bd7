import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { usePageTitle } from '../../layout/page-title.ts';
import { useLanguage } from '../../session/language-context.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { EmailResendForm } from '../../features/verification/email-resend-form.tsx';
import { storeRegisteredEmail } from '../../features/verification/registered-email.ts';

export default function ResendVerifyMailPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { email } = useUrlSession();
  usePageTitle('activation.resend.title');

  const sent = (address: string) => {
    storeRegisteredEmail(address);
    navigate(`/${lang}/verify-your-email-address`);
  };

  return (
    <section className="card card--narrow stack resend-verify-page">
      <h1>{t('activation.resend.title')}</h1>
      <p>{t('activation.resend.text')}</p>
      <EmailResendForm initialEmail={email} submitLabel="activation.resend.submit" onSent={sent} />
    </section>
  );
}
