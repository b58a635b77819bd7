import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { resendResetMail } from '../../api/password.ts';
import { usePageTitle } from '../../layout/page-title.ts';
import { useLanguage } from '../../session/language-context.ts';
import { readUserId } from '../../session/stored-user.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { ResendButton } from '../../features/password-mail/resend-button.tsx';
import { storeSentMail } from '../../features/password-mail/sent-mail.ts';

/** The reset link expired: resend to the known user (session, then local storage), else request a new one. */
export default function PasswordResetLinkExpiredPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { queryString } = useUrlSession();
  const [userId] = useState(readUserId);
  usePageTitle('password.expired.title');

  return (
    <section className="card card--narrow stack password-reset-link-expired-page">
      <h1>{t('password.expired.title')}</h1>
      <p>{t('password.expired.text')}</p>
      {userId ? (
        <ResendButton send={() => resendResetMail(userId, lang)} sentAt={0} onSent={() => storeSentMail(userId)} />
      ) : (
        <Link href={`/forgot-password${queryString}`} className="button button--primary">
          {t('password.expired.forgotLink')}
        </Link>
      )}
      <p className="link-row">
        <Link href={`/login${queryString}`}>{t('password.forgot.backToLogin')}</Link>
      </p>
    </section>
  );
}
