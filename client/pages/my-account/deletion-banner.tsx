import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { restoreAccount } from '../../api/member.ts';
import { useLanguage } from '../../session/language-context.ts';
import { Button } from '../../ui/button.tsx';
import { shortMonthDate } from './dates.ts';
import { useAccountChange } from './use-account-change.ts';

export interface DeletionBannerProps {
  /** The permanent deletion date (ISO). */
  deleteDate: string;
  /** True (once) when the member has just asked for the deletion: Restore takes the focus as it appears. */
  takeFocus: () => boolean;
}

/**
 * An account put up for deletion says so at the top of My account, with the date it goes and
 * Restore beside it, instead of at the end of the page.
 */
export function DeletionBanner({ deleteDate, takeFocus }: DeletionBannerProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const titleId = useId();
  const { run, busy } = useAccountChange();
  const restoreButton = useRef<HTMLButtonElement>(null);

  // On mount only: the banner appears once per deletion.
  useEffect(() => {
    if (takeFocus()) restoreButton.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section id="delete-account" className="deletion-banner" aria-labelledby={titleId}>
      <div className="deletion-banner__text">
        <h2 id={titleId}>{t('account.restore.bannerTitle')}</h2>
        <p>{t('account.restore.intro', { date: shortMonthDate(deleteDate, lang) })}</p>
      </div>
      <Button ref={restoreButton} busy={busy} onClick={() => void run(restoreAccount, 'account.restore.done')}>
        {t('account.restore.button')}
      </Button>
    </section>
  );
}
