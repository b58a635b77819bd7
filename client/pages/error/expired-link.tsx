import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../ui/button.tsx';
import { useLanguage } from '../../session/language-context.ts';
import { ResendCountdown } from '../../features/verification/resend-countdown.tsx';
import { useResend } from '../../features/verification/use-resend.ts';

/** 'Link expired': one button sends a new verification mail; then the sent view with its own countdown. */
export function ExpiredLink({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { send, sending } = useResend();
  const [sentAt, setSentAt] = useState<number>();

  if (sentAt) {
    return (
      <>
        <h1>{t('activation.errorPage.sentTitle')}</h1>
        <p>{t('activation.errorPage.sentText')}</p>
        <ResendCountdown userId={userId} sentAt={sentAt} />
      </>
    );
  }
  return (
    <>
      <h1>{t('activation.errorPage.expiredTitle')}</h1>
      <p>{t('activation.errorPage.expiredText')}</p>
      {userId ? (
        <Button busy={sending} onClick={async () => (await send(userId)) && setSentAt(Date.now())}>
          {t('activation.errorPage.resendVerification')}
        </Button>
      ) : (
        <Link href={`~/${lang}/resend-verify-mail`} className="button button--primary">
          {t('activation.errorPage.resendVerification')}
        </Link>
      )}
    </>
  );
}
