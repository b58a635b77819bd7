import { useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { onApiEvent } from '../api/api-events.ts';
import { openLogoutModal } from '../state/logout-modal.ts';
import { openSignInAgainModal } from '../state/sign-in-again-modal.ts';
import { useLanguage } from '../session/language-context.ts';

/** Statuses that mean the portal itself failed (not an overloaded or unavailable store): the error page says so. */
const ERROR_PAGE_STATUSES = new Set([500, 502]);

/**
 * What the shell makes of what the API layer reports: a session that ended opens the 'Member
 * Logged Out' dialog, a step that needs a fresh sign-in the 'Sign in again' dialog, and a
 * failing portal the error page.
 */
export function useApiEventHandlers(): void {
  const lang = useLanguage();
  useEffect(() => {
    const stops = [
      onApiEvent('signedOut', () => openLogoutModal()),
      onApiEvent('recentSignInRequired', () => openSignInAgainModal()),
      onApiEvent('serverError', ({ status }) => {
        if (ERROR_PAGE_STATUSES.has(status)) navigate(`/${lang}/error`);
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [lang]);
}
