import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { logout } from '../api/auth.ts';
import { refreshSessionState } from '../api/member.ts';
import { useLanguage } from '../session/language-context.ts';
import { rebuildQueryString } from '../session/url-query.ts';
import { closeSignInAgainModal, signInAgainModalStore } from '../state/sign-in-again-modal.ts';
import { useStore } from '../state/store.ts';
import { clearToasts } from '../state/toasts.ts';

/**
 * 'Sign in again': adding a way in, export, deletion, removing a passkey or "This wasn't me"
 * needs a sign-in the member made just now. Confirming signs out and opens login; the sign-in
 * then comes back to the same section of My account (the address's fragment goes along).
 */
export function SignInAgainModal() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const open = useStore(signInAgainModalStore);
  const confirm = useRef<HTMLButtonElement>(null);

  const signInAgain = async () => {
    closeSignInAgainModal();
    clearToasts();
    await logout({}).catch(() => undefined);
    await refreshSessionState();
    navigate(`/${lang}/login${rebuildQueryString(location.search)}${location.hash}`);
  };

  useEffect(() => {
    if (!open) return;
    confirm.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeSignInAgainModal();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  if (!open) return null;
  return (
    <div className="modal-backdrop">
      <div
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="sign-in-again-title"
        aria-describedby="sign-in-again-text"
      >
        <h2 id="sign-in-again-title">{t('common.signInAgain.title')}</h2>
        <p id="sign-in-again-text">{t('common.signInAgain.text')}</p>
        <button ref={confirm} type="button" className="button button--primary" onClick={() => void signInAgain()}>
          <span>{t('common.signInAgain.confirm')}</span>
        </button>{' '}
        <button type="button" className="button button--secondary" onClick={closeSignInAgainModal}>
          <span>{t('common.signInAgain.cancel')}</span>
        </button>
      </div>
    </div>
  );
}
