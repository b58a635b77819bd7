import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { BrowserMember } from '../../../shared/schemas/member.ts';
import { useLanguage } from '../../session/language-context.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { AccountSection } from './account-section.tsx';
import { shortMonthDate } from './dates.ts';
import { PhoneVerification } from './phone-verification.tsx';

/** Account id, the e-mail (changed only through the privacy team), and the password's last change. */
export function SignInSecuritySection({ member }: { member: BrowserMember }) {
  const { t } = useTranslation();
  const { queryString } = useUrlSession();
  const emailId = useId();
  const lastUpdate = shortMonthDate(member.LastPwdModifiedDate, useLanguage());

  return (
    <AccountSection id="sign-in-security" title="account.security.title">
      <dl className="account-facts">
        <dt>{t('account.security.accountId')}</dt>
        <dd>{member.userId}</dd>
      </dl>
      <div className="field">
        <label htmlFor={emailId} className="field__label">
          {t('account.security.email')}
        </label>
        <input id={emailId} type="email" value={member.email} readOnly aria-describedby={`${emailId}-hint`} />
        <p id={`${emailId}-hint`} className="field__hint">
          {t('account.security.emailHint')}
        </p>
      </div>
      <p className="account-note">{t('account.security.domainHint')}</p>
      <div className="account-password">
        <div>
          <span className="field__label">{t('account.security.password')}</span>
          {lastUpdate && <p className="account-password__date">{t('account.security.lastUpdate', { date: lastUpdate })}</p>}
        </div>
        <Link className="button button--secondary" href={`/change-password${queryString}`}>
          {t('account.security.change')}
        </Link>
      </div>
      <PhoneVerification member={member} />
    </AccountSection>
  );
}
