import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWRMutation from 'swr/mutation';
import { DELETION_PERMANENT_DAYS } from '../../../shared/limits.ts';
import type { Member } from '../../../shared/schemas/member.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import { toastFailure } from '../../api/request-failure.ts';
import { MEMBER_PATH, requestDeletion, restoreAccount } from '../../api/member.ts';
import { Button } from '../../ui/button.tsx';
import { useLanguage } from '../../session/language-context.ts';
import { toastSuccess } from '../../state/toasts.ts';
import { AccountSection } from './account-section.tsx';
import { numericDate } from './dates.ts';
import { DeleteConfirmDialog } from './delete-confirm-dialog.tsx';

/** Deletion or restore: either changes the member, whose user info is then read again (spec section 4). */
const changeAccount = (_path: string, { arg: call }: { arg: () => Promise<Reply<Member>> }) => call();

/**
 * Delete My Account, asked for in a confirmation dialog, or Restore My Account with the
 * permanent deletion date once one is set. When the dialog closes, the focus goes back to
 * Delete, or to Restore when the account was just put up for deletion.
 */
export function DeleteSection({ member }: { member: Member }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { trigger, isMutating: busy } = useSWRMutation(MEMBER_PATH, changeAccount);
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const restoreButton = useRef<HTMLButtonElement>(null);
  /** Where the focus goes once the dialog has closed. */
  const focusAfterClose = useRef<'delete' | 'restore' | undefined>(undefined);
  const pending = Boolean(member.myAccountDeleteDate);

  // Restore shows once the user info has been read again, which may be after the dialog closed: the focus waits for it.
  useEffect(() => {
    if (confirming || !focusAfterClose.current) return;
    const button = focusAfterClose.current === 'restore' ? restoreButton.current : deleteButton.current;
    if (!button) return;
    button.focus();
    focusAfterClose.current = undefined;
  }, [confirming, pending]);

  const closeDialog = (focus: 'delete' | 'restore') => {
    focusAfterClose.current = focus;
    setConfirming(false);
  };

  /** Resolves true when the server made the change. */
  const run = async (call: () => Promise<Reply<Member>>, successKey: string) => {
    try {
      const reply = await trigger(call);
      if (reply.isSuccess) toastSuccess(successKey);
      else toastFailure(reply);
      return reply.isSuccess;
    } catch (error) {
      toastFailure(error);
      return false;
    }
  };

  const confirmDeletion = async () => {
    closeDialog((await run(requestDeletion, 'account.delete.done')) ? 'restore' : 'delete');
  };

  return (
    <>
      {pending ? (
        <AccountSection id="delete-account" title="account.restore.title">
          <p>{t('account.restore.intro', { date: numericDate(member.myAccountDeleteDate, lang) })}</p>
          <Button ref={restoreButton} busy={busy} onClick={() => void run(restoreAccount, 'account.restore.done')}>
            {t('account.restore.button')}
          </Button>
        </AccountSection>
      ) : (
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
      )}
      <DeleteConfirmDialog open={confirming} busy={busy} onCancel={() => closeDialog('delete')} onConfirm={() => void confirmDeletion()} />
    </>
  );
}
