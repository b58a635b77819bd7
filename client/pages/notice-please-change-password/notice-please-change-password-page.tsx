import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { resendReminderMail } from '../../api/password.ts';
import { usePageTitle } from '../../layout/page-title.ts';
import { useLanguage } from '../../session/language-context.ts';
import { readUserId } from '../../session/stored-user.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { ResendButton } from '../../features/password-mail/resend-button.tsx';
import { EmailAddress } from '../../ui/email-address.tsx';

/** After a sign-in answered OneYearNotUpdatePwd: the reminder mail went to the user id; resend. Without one, login. */
export default function NoticePleaseChangePasswordPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { queryString } = useUrlSession();
  const [userId] = useState(readUserId);
  usePageTitle('password.reminder.title');
  if (!userId) return <Redirect to={`/login${queryString}`} replace />;

  return (
    <section className="card card--narrow stack notice-please-change-password-page">
      <h1>{t('password.reminder.title')}</h1>
      <p>
        {t('password.reminder.sentTo')} <EmailAddress value={userId} />
      </p>
      <p>{t('password.reminder.instructions')}</p>
      {/* The reminder usually went out before this sign-in (the reminder job), so a resend is open at once. */}
      <ResendButton send={() => resendReminderMail(userId, lang)} sentAt={0} />
    </section>
  );
}
