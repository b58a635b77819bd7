import { useEffect } from 'react';
import { useParams } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { logout, refererLogin } from '../../api/auth.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { refreshSessionState } from '../../api/member.ts';
import { useLanguage } from '../../session/language-context.ts';
import { readQueryParams } from '../../session/url-query.ts';
import { closeLogoutModal } from '../../state/logout-modal.ts';
import { readRefererParams, refererFailurePath, refererSuccessPath } from './referer-target.ts';

/** Codes with which the ticket signed the member in. */
const SIGNED_IN = new Set(['ok', 'preferring', 'defaultpwd', 'mustchange', 'expired']);

/**
 * A member sent back by a company site (spec section 2, Referer): the ticket is checked and
 * signs the member in; otherwise the member is signed out and goes to login.
 */
export default function RefererPage() {
  const lang = useLanguage();
  const path = useParams<{ action?: string; seq?: string; tempid?: string }>();
  usePageTitle('login.referer.title');

  useEffect(() => {
    let current = true;
    const params = readRefererParams(readQueryParams(location.search), path);
    const signIn =
      params.id && params.tempId ? refererLogin({ id: params.id, tempId: params.tempId }) : Promise.reject(new Error('no ticket'));
    signIn
      .then((reply) => SIGNED_IN.has(reply.code))
      .catch(() => false)
      .then(async (signedIn) => {
        if (!current) return;
        // This screen handles a refused ticket itself: no session-ended dialog on the way to login.
        closeLogoutModal();
        if (!signedIn) await logout({}).catch(() => undefined);
        await refreshSessionState();
        navigate(signedIn ? refererSuccessPath(lang, params) : refererFailurePath(lang, params), { replace: true });
      });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `path` is a new object each render; its fields are the dependencies
  }, [lang, path.action, path.seq, path.tempid]);

  return <Spinner />;
}
