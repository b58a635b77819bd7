import { useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { logout } from '../../api/auth.ts';
import { showSignedOut } from '../../api/member.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { useLanguage } from '../../session/language-context.ts';
import { forgetUserId } from '../../session/stored-user.ts';
import { useUrlSession } from '../../session/use-url-session.ts';

/**
 * Signs out, then leaves for the callback URL the BFF allowed (data.redirectUrl), or login.
 * The redirect may be another site, so it is a full navigation.
 */
export default function LogoutPage() {
  const lang = useLanguage();
  const { callbackUrl, pass } = useUrlSession();
  usePageTitle('common.signingOut');

  useEffect(() => {
    let current = true;
    const fallback = `/${lang}/login${pass ? `?pass=${encodeURIComponent(pass)}` : ''}`;
    logout({ callbackUrl, pass })
      .then((reply) => reply.data?.redirectUrl ?? fallback)
      .catch(() => fallback)
      .then(async (target) => {
        if (!current) return;
        forgetUserId();
        showSignedOut();
        if (new URL(target, location.origin).origin === location.origin) navigate(target, { replace: true });
        else location.replace(target);
      });
    return () => {
      current = false;
    };
  }, [lang, callbackUrl, pass]);

  return <Spinner label="common.signingOut" />;
}
