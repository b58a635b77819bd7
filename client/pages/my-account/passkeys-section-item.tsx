import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/languages.ts';
import { PASSKEY_NAME_MAX_LENGTH, type Passkey } from '../../../shared/schemas/passkeys.ts';
import { Button } from '../../components/button.tsx';
import { toastError, toastSuccess } from '../../state/toasts.ts';
import { removePasskey, renamePasskey } from '../login/passkey-api.ts';
import { shortMonthDate } from './dates.ts';

type Mode = 'view' | 'rename' | 'confirmRemove';

/** One passkey: its name and dates, renamed in place, removed after a confirmation. */
export function PasskeyItem({ passkey, lang, onChanged }: { passkey: Passkey; lang: Language; onChanged: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('view');
  const [name, setName] = useState(passkey.name);
  const [busy, setBusy] = useState(false);

  const act = async (call: () => Promise<{ isSuccess: boolean }>, done: string) => {
    setBusy(true);
    try {
      const reply = await call();
      if (!reply.isSuccess) throw new Error('refused');
      toastSuccess(done);
      setMode('view');
      onChanged();
    } catch {
      toastError({ messageKey: 'account.MyAccount.FailedToaster' });
    } finally {
      setBusy(false);
    }
  };

  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    void act(() => renamePasskey(passkey.id, name.trim()), 'account.passkeys.renamed');
  };

  return (
    <li className="passkeys__item" aria-label={passkey.name}>
      {mode === 'rename' ? (
        <form onSubmit={rename} className="passkeys__rename">
          <label htmlFor={`passkey-name-${passkey.id}`}>{t('account.passkeys.name')}</label>
          <input
            id={`passkey-name-${passkey.id}`}
            value={name}
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            required
            onChange={(event) => setName(event.target.value)}
            autoFocus
          />
          <Button type="submit" busy={busy}>
            {t('account.passkeys.save')}
          </Button>
          <Button variant="link" onClick={() => setMode('view')}>
            {t('account.passkeys.cancel')}
          </Button>
        </form>
      ) : (
        <>
          <strong className="passkeys__name">{passkey.name}</strong>
          <span className="passkeys__dates">
            {t('account.passkeys.created', { date: shortMonthDate(passkey.createdAt, lang) })}
            {' · '}
            {passkey.lastUsedAt
              ? t('account.passkeys.lastUsed', { date: shortMonthDate(passkey.lastUsedAt, lang) })
              : t('account.passkeys.neverUsed')}
          </span>
          {mode === 'confirmRemove' ? (
            <span className="passkeys__confirm" role="group" aria-label={t('account.passkeys.removeQuestion')}>
              {t('account.passkeys.removeQuestion')}{' '}
              <Button variant="secondary" busy={busy} onClick={() => void act(() => removePasskey(passkey.id), 'account.passkeys.removed')}>
                {t('account.passkeys.removeConfirm')}
              </Button>
              <Button variant="link" onClick={() => setMode('view')}>
                {t('account.passkeys.cancel')}
              </Button>
            </span>
          ) : (
            <span className="passkeys__actions">
              <Button variant="link" onClick={() => setMode('rename')}>
                {t('account.passkeys.rename')}
              </Button>
              <Button variant="link" onClick={() => setMode('confirmRemove')}>
                {t('account.passkeys.remove')}
              </Button>
            </span>
          )}
        </>
      )}
    </li>
  );
}
