import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/languages.ts';
import { DELETION_PERMANENT_DAYS } from '../../../shared/limits.ts';
import { useLanguage } from '../../session/language-context.ts';
import { Button } from '../../ui/button.tsx';
import { AlertIcon } from '../../ui/icons.tsx';
import { shortMonthDate } from './dates.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DeleteConfirmDialogProps {
  open: boolean;
  /** The deletion request is under way: nothing can be chosen until it ends. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The date the account would be deleted for good if the member confirmed now (DESIGN.md: 30 days). */
function permanentDeletionDate(now: number, lang: Language): string {
  return shortMonthDate(new Date(now + DELETION_PERMANENT_DAYS * DAY_MS).toISOString(), lang);
}

/** Keeps Tab and Shift+Tab among the dialog's own enabled buttons. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const first = buttons[0];
  const last = buttons.at(-1);
  if (!first || !last) return event.preventDefault();
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Asks before Delete My Account (a modal <dialog>): the permanent deletion date, that the member
 * can restore until then, and that marketplace registrations end too. Cancel has the focus and
 * comes first; Escape cancels (not while the request runs). The section returns the focus.
 */
/** Mounted each time the dialog opens, so the date counts from that moment. */
function PermanentDeletionNotice() {
  const { t } = useTranslation();
  const [openedAt] = useState(Date.now);
  const lang = useLanguage();
  return <p>{t('account.delete.confirm.when', { date: permanentDeletionDate(openedAt, lang), days: DELETION_PERMANENT_DAYS })}</p>;
}

export function DeleteConfirmDialog({ open, busy, onCancel, onConfirm }: DeleteConfirmDialogProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      cancel.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={trapTab}
      onCancel={(event) => {
        // Escape closes the dialog itself, except while the request runs.
        if (busy) event.preventDefault();
      }}
      onClose={() => {
        if (open) onCancel();
      }}
    >
      {open && (
        <>
          <span className="confirm-dialog__icon">
            <AlertIcon />
          </span>
          <h2 id={titleId}>{t('account.delete.confirm.title')}</h2>
          <div id={textId} className="confirm-dialog__text">
            <PermanentDeletionNotice />
            <p>{t('account.delete.confirm.restore')}</p>
            <p>{t('account.delete.confirm.marketplaces')}</p>
          </div>
          <div className="actions">
            <Button ref={cancel} variant="secondary" disabled={busy} onClick={onCancel}>
              {t('account.delete.confirm.cancel')}
            </Button>
            <Button className="button--destructive" busy={busy} onClick={onConfirm}>
              {t('account.delete.confirm.confirm')}
            </Button>
          </div>
        </>
      )}
    </dialog>
  );
}
