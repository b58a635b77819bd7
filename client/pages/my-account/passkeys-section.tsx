import { startRegistration } from '@simplewebauthn/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWRMutation from 'swr/mutation';
import type { Passkey, PasskeyList } from '../../../shared/schemas/passkeys.ts';
import { Button } from '../../ui/button.tsx';
import { useLanguage } from '../../session/language-context.ts';
import { toastError, toastSuccess } from '../../state/toasts.ts';
import { PASSKEYS_PATH, passkeyRegisterOptions, passkeysAvailable, registerPasskey } from '../../api/passkeys.ts';
import { AccountSection } from './account-section.tsx';
import { useSectionRead } from './use-section-read.ts';
import { PasskeyItem } from './passkeys-section-item.tsx';

/** The member closed the browser's dialog: nothing to report. */
const CANCELLED = new Set(['NotAllowedError', 'AbortError']);

/** Passkeys: add one (the browser creates it), rename or remove each. Shown on every site, the Chinese one too. */
export function PasskeysSection() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const data = useSectionRead<PasskeyList>(PASSKEYS_PATH);
  const [notice, setNotice] = useState<string | undefined>();
  const passkeys: Passkey[] = data?.passkeys ?? [];

  /** Resolves true once the passkey is stored (the list then reads itself again). */
  const add = async (): Promise<boolean> => {
    const options = await passkeyRegisterOptions();
    if (!options.isSuccess || !options.data) {
      // RecentSignInRequired opens the sign-in-again dialog (api/http.ts), as on every screen.
      if (options.code !== 'RecentSignInRequired') setNotice(options.code);
      return false;
    }
    let credential;
    try {
      credential = await startRegistration({ optionsJSON: options.data });
    } catch (error) {
      if (!CANCELLED.has((error as Error).name)) toastError({ messageKey: 'error.PasskeyNotAccepted' });
      return false;
    }
    const added = await registerPasskey({ credential, name: t('account.passkeys.defaultName', { number: passkeys.length + 1 }) });
    if (!added.isSuccess) setNotice(added.code);
    return added.isSuccess;
  };
  const adding = useSWRMutation(PASSKEYS_PATH, add);

  return (
    <AccountSection id="passkeys" title="account.passkeys.title">
      <p>{t('account.passkeys.intro')}</p>
      {notice && (
        <p className="form-error" role="alert">
          {t(`error.${notice}`, { defaultValue: t('error.somethingWentWrong') })}
        </p>
      )}
      {passkeys.length === 0 ? (
        <p>{t('account.passkeys.none')}</p>
      ) : (
        <ul className="security-list" aria-label={t('account.passkeys.title')}>
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} lang={lang} />
          ))}
        </ul>
      )}
      {passkeysAvailable() ? (
        <Button
          variant="secondary"
          busy={adding.isMutating}
          onClick={() => {
            setNotice(undefined);
            adding.trigger().then(
              (added) => added && toastSuccess('account.passkeys.added'),
              () => toastError({ messageKey: 'account.MyAccount.FailedToaster' }),
            );
          }}
        >
          {t('account.passkeys.add')}
        </Button>
      ) : (
        // WebAuthn needs a current browser and a host name: browsers refuse an IP address.
        <p className="account-note">{t('account.passkeys.unavailable')}</p>
      )}
    </AccountSection>
  );
}
