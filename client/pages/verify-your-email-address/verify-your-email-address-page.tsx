import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../layout/page-title.ts';
import { EmailResendForm } from '../../features/verification/email-resend-form.tsx';
import { readRegisteredEmail, storeRegisteredEmail } from '../../features/verification/registered-email.ts';
import { ResendCountdown } from '../../features/verification/resend-countdown.tsx';
import { EmailAddress } from '../../ui/email-address.tsx';

/** After registration: the mail went to the stored address; without one, the member can enter it. */
export default function VerifyYourEmailAddressPage() {
  const { t } = useTranslation();
  usePageTitle('activation.verify.title');
  const [sent, setSent] = useState(readRegisteredEmail);

  const remember = (email: string) => {
    storeRegisteredEmail(email);
    setSent(readRegisteredEmail() ?? { email, sentAt: Date.now() });
  };

  return (
    <section className="card card--narrow stack verify-email-page">
      <h1>{t('activation.verify.title')}</h1>
      {sent ? (
        <>
          <p>
            {t('activation.verify.sentTo')} <EmailAddress value={sent.email} />
          </p>
          <p>{t('activation.verify.instructions')}</p>
          <ResendCountdown
            key={sent.email}
            userId={sent.email}
            sentAt={sent.sentAt}
            registrationProof={sent.registrationProof}
            onResent={() => storeRegisteredEmail(sent.email, Date.now(), sent.registrationProof)}
          />
        </>
      ) : (
        <>
          <p>{t('activation.verify.sentGeneric')}</p>
          <p>{t('activation.verify.instructions')}</p>
          <p>{t('activation.verify.reenter')}</p>
          <EmailResendForm submitLabel="activation.verify.send" onSent={remember} />
        </>
      )}
    </section>
  );
}
