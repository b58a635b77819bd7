import { useEffect, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { mustChangePassword } from '../../shared/enums.ts';
import { ApiError } from '../api/http.ts';
import { useMember } from '../api/member.ts';
import { useLanguage } from './language-context.ts';
import { rememberUserId } from './stored-user.ts';
import { useUrlSession } from './use-url-session.ts';

/** The first path segment after the language. */
const pageOf = (location: string) => (location.split('/')[1] ?? '').toLowerCase();

/** Screens a member who must change the password may still use. */
const PASSWORD_CHANGE_EXEMPT = ['change-password', 'login', 'logout'];

/**
 * A screen for signed-in members: a visitor whose session check fails goes to login, keeping the
 * query (spec section 2, Header) and the fragment (a section of My account, reached after the
 * sign-in). A session that ended meanwhile (401) is the logout modal's business, not a silent
 * redirect. The screen shows while the check runs.
 */
export function MemberOnly({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const { isLogin, error } = useMember(pageOf(location));
  const { queryString } = useUrlSession();
  const failed = isLogin === false || (error !== undefined && !(error instanceof ApiError && error.kind === 'unauthorized'));
  if (failed) return <Redirect to={`/login${queryString}${window.location.hash}`} replace />;
  return children;
}

/** A member whose password must be changed (status 2 or 3) is sent to change-password from every other screen. */
export function PasswordChangeFirst({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const [location] = useLocation();
  const { queryString } = useUrlSession();
  const page = pageOf(location);
  const { member } = useMember(page);
  const status = member?.status;
  const userId = member?.userId;

  useEffect(() => {
    if (status === undefined || !userId || !mustChangePassword(status) || PASSWORD_CHANGE_EXEMPT.includes(page)) return;
    rememberUserId(userId);
    navigate(`/${lang}/change-password${queryString}`, { replace: true });
  }, [status, userId, page, lang, queryString]);
  return children;
}
