import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DELETION_PERMANENT_DAYS } from '../../../shared/limits.ts';
import { requestDeletion } from '../../api/member.ts';
import { Button } from '../../ui/button.tsx';
import { AccountSection } from './account-section.tsx';
import { DeleteConfirmDialog } from './delete-confirm-dialog.tsx';
import { useAccountChange } from './use-account-change.ts';

/**
 * Delete My Account, asked for in a confirmation dialog. An account already put up for deletion
 * shows the deletion banner at the top of the page instead (deletion-banner.tsx), whose Restore
 * takes the focus when the deletion was just asked for here; when the dialog is cancelled, the
 * focus goes back to Delete.
 */
export function DeleteSection({ onRequested }: { onRequested: (requested: boolean) => void }) {
  const { t } = useTranslation();
  const { run, busy } = useAccountChange();
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const focusDeleteAfterClose = useRef(false);

  useEffect(() => {
    if (confirming || !focusDeleteAfterClose.current) return;
    focusDeleteAfterClose.current = false;
    deleteButton.current?.focus();
  }, [confirming]);

  const cancel = () => {
    focusDeleteAfterClose.current = true;
    setConfirming(false);
  };

  const confirmDeletion = async () => {
    onRequested(true);
    if (await run(requestDeletion, 'account.delete.done')) return setConfirming(false);
    onRequested(false);
    cancel();
  };

  return (
    <>
      <AccountSection id="delete-account" title="account.delete.title">
        <p>{t('account.delete.intro')}</p>
        <ul className="account-consequences">
          <li>{t('account.delete.marketplaces')}</li>
          <li>{t('account.delete.changeEmail')}</li>
          <li>{t('account.delete.companyDomain')}</li>
          <li>{t('account.delete.period', { days: DELETION_PERMANENT_DAYS })}</li>
        </ul>
        <Button
          ref={deleteButton}
          variant="secondary"
          className="button--danger"
          aria-haspopup="dialog"
          onClick={() => setConfirming(true)}
        >
          {t('account.delete.button')}
        </Button>
      </AccountSection>
      <DeleteConfirmDialog open={confirming} busy={busy} onCancel={cancel} onConfirm={() => void confirmDeletion()} />
    </>
  );
}
