import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { resendResetMail } from '../../api/password.ts';
import { usePageTitle } from '../../layout/page-title.ts';
import { useLanguage } from '../../session/language-context.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { ResendButton } from '../../features/password-mail/resend-button.tsx';
import { readSentMail, storeSentMail } from '../../features/password-mail/sent-mail.ts';
import { EmailAddress } from '../../ui/email-address.tsx';

/** The reset e-mail went out: to which address, how long the link works, and a resend link. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { queryString } = useUrlSession();
  usePageTitle('password.sent.title');
  const [sent] = useState(readSentMail);

  return (
    <section className="card card--narrow stack reset-password-page">
      <h1>{t('password.sent.title')}</h1>
      {sent ? (
        <p>
          {t('password.sent.sentTo')} <EmailAddress value={sent.userId} />
        </p>
      ) : (
        <p>{t('password.sent.sentGeneric')}</p>
      )}
      <p>{t('password.sent.validity')}</p>
      <p>{t('password.sent.noMail')}</p>
      {sent ? (
        <ResendButton send={() => resendResetMail(sent.userId, lang)} sentAt={sent.sentAt} onSent={() => storeSentMail(sent.userId)} />
      ) : (
        <Link href={`/forgot-password${queryString}`}>{t('password.expired.forgotLink')}</Link>
      )}
      <p className="link-row">
        <Link href={`/login${queryString}`}>{t('password.forgot.backToLogin')}</Link>
      </p>
    </section>
  );
}
