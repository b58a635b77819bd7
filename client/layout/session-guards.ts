import { useEffect } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { mustChangePassword } from '../../shared/enums.ts';
import type { Language } from '../../shared/languages.ts';
import type { Member } from '../../shared/schemas/member.ts';
import { ApiError } from '../api/http.ts';
import { rememberUserId } from '../session/stored-user.ts';

/** Screens that need a signed-in member; a failed check sends the visitor to login (spec section 2, Header). */
const MEMBER_ONLY_PAGES = ['my-account', 'choosing-preferring'];
/** Screens a member who must change the password may still use. */
const PASSWORD_CHANGE_EXEMPT = ['change-password', 'login', 'logout'];

export interface SessionState {
  lang: Language;
  page: string;
  queryString: string;
  isLogin?: boolean;
  member?: Member;
  error?: Error;
}

export function useSessionGuards({ lang, page, queryString, isLogin, member, error }: SessionState) {
  const status = member?.status;
  const userId = member?.userId;

  useEffect(() => {
    if (status === undefined || !userId || !mustChangePassword(status) || PASSWORD_CHANGE_EXEMPT.includes(page)) return;
    rememberUserId(userId);
    navigate(`/${lang}/change-password${queryString}`, { replace: true });
  }, [status, userId, page, lang, queryString]);

  // A session that ended meanwhile (401) is the logout modal's business, not a silent redirect.
  const failed = isLogin === false || (error !== undefined && !(error instanceof ApiError && error.kind === 'unauthorized'));
  useEffect(() => {
    if (failed && MEMBER_ONLY_PAGES.includes(page)) navigate(`/${lang}/login${queryString}`, { replace: true });
  }, [failed, page, lang, queryString]);
}
