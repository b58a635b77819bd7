import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useUrlSession } from '../../session/use-url-session.ts';

export interface LoginErrorProps {
  code: string;
  title?: string;
  /** The account ID typed, for the resend-verification link of 'mustactivate'. */
  userId: string;
}

/** The resend screen keeps the visit's query values and gets the typed address. */
function resendQuery(queryString: string, userId: string): string {
  const params = new URLSearchParams(queryString);
  for (const name of [...params.keys()]) if (name.toLowerCase() === 'email') params.delete(name);
  params.set('email', userId);
  return params.toString();
}

/** The error box above the login form; a server title wins over the translated code (spec section 8). */
export function LoginError({ code, title, userId }: LoginErrorProps) {
  const { t } = useTranslation();
  const { queryString } = useUrlSession();
  const message = title ?? t(`error.${code}`, { defaultValue: t('error.AccountOrPwdFail') });
  return (
    <div className="alert alert--error" role="alert">
      <p>{message}</p>
      {code === 'mustactivate' && (
        <p>
          <Link href={`/resend-verify-mail?${resendQuery(queryString, userId)}`}>{t('login.resendActivation')}</Link>
        </p>
      )}
    </div>
  );
}
