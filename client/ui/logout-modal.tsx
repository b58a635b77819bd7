import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { useLanguage } from '../session/language-context.ts';
import { rebuildQueryString } from '../session/url-query.ts';
import { closeLogoutModal, logoutModalStore } from '../state/logout-modal.ts';
import { useStore } from '../state/store.ts';
import { clearToasts } from '../state/toasts.ts';

/**
 * 'Member Logged Out' (spec section 2): the session ended while the member was away. Any
 * click, or Escape, closes it, clears toasts and goes to login keeping the query string.
 */
export function LogoutModal() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const open = useStore(logoutModalStore);
  const button = useRef<HTMLButtonElement>(null);

  const toLogin = () => {
    closeLogoutModal();
    clearToasts();
    navigate(`/${lang}/login${rebuildQueryString(location.search)}`);
  };

  useEffect(() => {
    if (!open) return;
    button.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') toLogin();
      // The dialog has one control, so Tab keeps focus on it.
      if (event.key === 'Tab') {
        event.preventDefault();
        button.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  if (!open) return null;
  return (
    <div className="modal-backdrop" onClick={toLogin}>
      <div className="modal" role="alertdialog" aria-modal="true" aria-labelledby="logout-modal-title" aria-describedby="logout-modal-text">
        <h2 id="logout-modal-title">{t('common.loggedOut.title')}</h2>
        <p id="logout-modal-text">{t('common.loggedOut.text')}</p>
        <button ref={button} type="button" className="button button--primary" onClick={toLogin}>
          <span>{t('common.loggedOut.login')}</span>
        </button>
      </div>
    </div>
  );
}
