import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { LoginResultData } from '../../../shared/schemas/auth.ts';
import type { ResetPwdUnAuthData } from '../../../shared/schemas/password.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import { changePassword, resetPasswordWithLink } from '../../api/password.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { continueAfterSignIn } from '../../session/after-sign-in.ts';
import { refreshMember, refreshSessionState, useMember } from '../../api/member.ts';
import { loginOutcome } from '../../session/login-outcome.ts';
import { useLanguage } from '../../session/language-context.ts';
import { readQueryParams } from '../../session/url-query.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import type { ChangeResult } from './change-result.ts';
import { changeVariant } from './change-variant.ts';
import { EmailAddress } from '../../ui/email-address.tsx';

type Failure = Exclude<ChangeResult, { kind: 'done' } | { kind: 'fields' }>;

/** The query without the link's token and user id, so they do not travel on to later pages. */
function withoutLinkParams(queryString: string): string {
  const params = new URLSearchParams(queryString);
  for (const name of [...params.keys()]) if (['token', 'userid', 'reason'].includes(name.toLowerCase())) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Change password: by an e-mail link (token and userId in the query) or signed in (spec section 2). */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useUrlSession();
  const query = readQueryParams(useSearch());
  const { isLogin, member, isLoading } = useMember('change-password');
  const [failure, setFailure] = useState<Failure>();
  usePageTitle('password.change.title');

  const byLink = session.token !== '' && session.userId !== '';
  if (!byLink && isLoading) return <Spinner />;
  const signedIn = !byLink && isLogin === true;
  const variant = changeVariant({ reason: query.get('reason'), byLink, status: member?.status, lastChanged: member?.LastPwdModifiedDate });

  const afterLinkReset = async (reply: Reply) => {
    const redirectUrl = (reply.data as ResetPwdUnAuthData | undefined)?.redirectUrl;
    if (redirectUrl) return window.location.assign(redirectUrl);
    // A reset ends the member's sessions, this browser's included.
    await refreshSessionState();
    navigate(`/${lang}/password-changed${withoutLinkParams(session.queryString)}`);
  };
  const afterChange = async (reply: Reply) => {
    // A forced change interrupted a way back to a company site: it goes on as a sign-in would.
    const handOff = loginOutcome(reply as Reply<LoginResultData>, lang, '');
    if (handOff.kind === 'leave' || (handOff.kind === 'screen' && reply.code === 'preferring'))
      return continueAfterSignIn(handOff, session.queryString);
    // A forced change (status 2 or 3) is over: the header must not send the member back here.
    await refreshMember();
    const params = new URLSearchParams(session.queryString);
    params.set('isChangePwdSuccess', 'true');
    navigate(`/${lang}/my-account?${params}`);
  };

  return (
    <section className="card card--narrow stack change-password-page" aria-labelledby="change-title">
      <h1 id="change-title">{t('password.change.title')}</h1>
      <p className={`change-password-page__intro change-password-page__intro--${variant}`}>{t(`password.change.intro.${variant}`)}</p>
      {signedIn && member && (
        <p>
          {t('password.change.account')} <EmailAddress value={member.userId} />
        </p>
      )}
      {failure && (
        <div className="alert alert--error" role="alert">
          {failure.kind === 'linkExpired' ? (
            <>
              <p>{t('error.ResetLinkExpired')}</p>
              <Link href={`/password-reset-link-expired${withoutLinkParams(session.queryString)}`}>{t('password.expired.resend')}</Link>
            </>
          ) : (
            <p>{failure.title ?? t(`error.${failure.code}`)}</p>
          )}
        </div>
      )}
      {byLink || signedIn ? (
        <ChangePasswordForm
          askCurrent={signedIn}
          userKnown={byLink || Boolean(member?.userId)}
          send={(values) =>
            byLink
              ? resetPasswordWithLink({
                  userId: session.userId,
                  token: session.token,
                  password: values.password,
                  confirmPassword: values.confirmPassword,
                  lang,
                })
              : changePassword({
                  currentPassword: values.oldPassword,
                  newPassword: values.password,
                  confirmPassword: values.confirmPassword,
                  returnUrl: session.callbackUrl || undefined,
                  lang,
                })
          }
          onDone={byLink ? afterLinkReset : afterChange}
          onFailure={setFailure}
        />
      ) : (
        <div className="stack">
          <p>{t('password.change.noUser')}</p>
          <Link href={`/login${session.queryString}`} className="button button--primary">
            {t('password.change.signIn')}
          </Link>
        </div>
      )}
      {signedIn && !session.isActionReferer && (
        <p className="link-row">
          <Link href={`/my-account${session.queryString}`}>{t('password.change.back')}</Link>
        </p>
      )}
    </section>
  );
}
