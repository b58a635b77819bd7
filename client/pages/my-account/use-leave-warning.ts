import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The browser's leave-page warning while there are unsaved edits (spec section 2, My Profile).
 * Browsers show their own wording; the text is set for those that still use it.
 */
export function useLeaveWarning(active: boolean): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!active) return;
    const text = t('account.leaveWarning');
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = text;
      return text;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active, t]);
}
