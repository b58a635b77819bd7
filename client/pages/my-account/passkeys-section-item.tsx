import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import useSWRMutation from 'swr/mutation';
import type { Language } from '../../../shared/languages.ts';
import { PASSKEY_NAME_MAX_LENGTH } from '../../../shared/limits.ts';
import type { Passkey } from '../../../shared/schemas/passkeys.ts';
import { Button } from '../../ui/button.tsx';
import { toastError, toastSuccess } from '../../state/toasts.ts';
import { PASSKEYS_PATH, removePasskey, renamePasskey } from '../../api/passkeys.ts';
import { shortMonthDate } from './dates.ts';
import { SecurityRow } from './security-row.tsx';
import { KeyIcon } from '../../ui/icons.tsx';

type Mode = 'view' | 'rename' | 'confirmRemove';
type Change = { kind: 'rename'; name: string } | { kind: 'remove' };

/** One passkey: its name and dates, renamed in place, removed after a confirmation; the list reads itself again after either. */
export function PasskeyItem({ passkey, lang }: { passkey: Passkey; lang: Language }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('view');
  const [name, setName] = useState(passkey.name);
  const { trigger, isMutating: busy } = useSWRMutation(PASSKEYS_PATH, async (_path: string, { arg }: { arg: Change }) => {
    const reply = arg.kind === 'rename' ? await renamePasskey(passkey.id, arg.name) : await removePasskey(passkey.id);
    if (!reply.isSuccess) throw new Error('refused');
  });

  const act = async (change: Change, done: string) => {
    try {
      await trigger(change);
      toastSuccess(done);
      setMode('view');
    } catch {
      toastError({ messageKey: 'account.MyAccount.FailedToaster' });
    }
  };

  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    void act({ kind: 'rename', name: name.trim() }, 'account.passkeys.renamed');
  };

  if (mode !== 'rename') {
    return (
      <SecurityRow
        label={passkey.name}
        icon={<KeyIcon />}
        title={<span className="passkeys__name">{passkey.name}</span>}
        details={[
          t('account.passkeys.created', { date: shortMonthDate(passkey.createdAt, lang) }),
          passkey.lastUsedAt
            ? t('account.passkeys.lastUsed', { date: shortMonthDate(passkey.lastUsedAt, lang) })
            : t('account.passkeys.neverUsed'),
        ]}
        actions={
          mode === 'confirmRemove' ? (
            <span className="security-list__confirm" role="group" aria-label={t('account.passkeys.removeQuestion')}>
              {t('account.passkeys.removeQuestion')}{' '}
              <Button variant="secondary" busy={busy} onClick={() => void act({ kind: 'remove' }, 'account.passkeys.removed')}>
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
          )
        }
      />
    );
  }

  return (
    <li className="security-list__item" aria-label={passkey.name}>
      <form onSubmit={rename} className="passkeys__rename">
        <div className="field">
          <label className="field__label" htmlFor={`passkey-name-${passkey.id}`}>
            {t('account.passkeys.name')}
          </label>
          <input
            id={`passkey-name-${passkey.id}`}
            value={name}
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            required
            onChange={(event) => setName(event.target.value)}
            autoFocus
          />
        </div>
        <span className="passkeys__actions">
          <Button type="submit" busy={busy}>
            {t('account.passkeys.save')}
          </Button>
          <Button variant="link" onClick={() => setMode('view')}>
            {t('account.passkeys.cancel')}
          </Button>
        </span>
      </form>
    </li>
  );
}
