import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DELETION_PERMANENT_DAYS } from '../../../shared/limits.ts';
import type { Member } from '../../../shared/schemas/member.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import { ApiError } from '../../api/http.ts';
import { requestDeletion, restoreAccount } from '../../api/member.ts';
import { Button } from '../../components/button.tsx';
import { toastError, toastSuccess } from '../../state/toasts.ts';
import { AccountSection } from './account-section.tsx';
import { monthDayYear } from './dates.ts';

export interface DeleteSectionProps {
  member: Member;
  /** Fetches the user info again after a delete or restore (spec section 4). */
  onChanged: () => Promise<unknown>;
}

/** Delete My Account, or Restore My Account with the permanent deletion date once one is set. */
export function DeleteSection({ member, onChanged }: DeleteSectionProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const pending = Boolean(member.myAccountDeleteDate);

  const run = async (call: () => Promise<Reply<Member>>, successKey: string) => {
    setBusy(true);
    try {
      const reply = await call();
      if (reply.isSuccess) toastSuccess(successKey);
      else toastError({ messageKey: `error.${reply.code}`, ...(reply.title ? { text: reply.title } : {}) });
      await onChanged();
    } catch (error) {
      if (!(error instanceof ApiError && (error.kind === 'unauthorized' || error.kind === 'server'))) toastError({ messageKey: 'error.somethingWentWrong' });
    } finally {
      setBusy(false);
    }
  };

  if (pending) {
    return (
      <AccountSection id="delete-account" title="account.restore.title">
        <p>{t('account.restore.intro', { date: monthDayYear(member.myAccountDeleteDate) })}</p>
        <Button busy={busy} onClick={() => void run(restoreAccount, 'account.restore.done')}>
          {t('account.restore.button')}
        </Button>
      </AccountSection>
    );
  }
  return (
    <AccountSection id="delete-account" title="account.delete.title">
      <p>{t('account.delete.intro')}</p>
      <ul className="account-consequences">
        <li>{t('account.delete.marketplaces')}</li>
        <li>{t('account.delete.changeEmail')}</li>
        <li>{t('account.delete.companyDomain')}</li>
        <li>{t('account.delete.period', { days: DELETION_PERMANENT_DAYS })}</li>
      </ul>
      <Button variant="secondary" className="button--danger" busy={busy} onClick={() => void run(requestDeletion, 'account.delete.done')}>
        {t('account.delete.button')}
      </Button>
    </AccountSection>
  );
}
