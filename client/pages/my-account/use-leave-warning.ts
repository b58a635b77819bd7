import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** A click on a link that leaves this page for another page of the portal (not a #section link). */
function portalLinkOf(event: MouseEvent): HTMLAnchorElement | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) return undefined;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return undefined;
  return anchor;
}

/**
 * The leave-page warning while there are unsaved edits (spec section 2, My Profile): the
 * browser's own prompt when the page unloads, and the same text as a confirmation for links
 * that move to another screen of the portal without unloading it.
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
    const confirmLeave = (event: MouseEvent) => {
      if (!portalLinkOf(event) || window.confirm(text)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', confirmLeave, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', confirmLeave, true);
    };
  }, [active, t]);
}
