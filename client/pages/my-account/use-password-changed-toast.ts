import { useEffect } from 'react';
import { readQueryParams } from '../../session/url-query.ts';
import { toastSuccess } from '../../state/toasts.ts';

/** The query flag the change-password screen adds when it sends the member here. */
export const PASSWORD_CHANGED_FLAG = 'isChangePwdSuccess';

/**
 * 'Password changed successfully' once, when the route carries isChangePwdSuccess=true; the flag
 * is then taken out of the address so that a reload does not say it again.
 */
export function usePasswordChangedToast(): void {
  useEffect(() => {
    const flag = PASSWORD_CHANGED_FLAG.toLowerCase();
    if (readQueryParams(window.location.search).get(flag) !== 'true') return;
    toastSuccess('account.passwordChanged');
    const url = new URL(window.location.href);
    for (const name of [...url.searchParams.keys()]) if (name.toLowerCase() === flag) url.searchParams.delete(name);
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }, []);
}
