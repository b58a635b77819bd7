import { useTranslation } from 'react-i18next';
import { passwordChecks, type PasswordChecks } from '../../shared/rules/password.ts';

const CHECK_ORDER: Array<keyof PasswordChecks> = ['length', 'lowercase', 'uppercase', 'digit', 'allowedCharacters'];

export interface PasswordChecklistProps {
  /** The password as typed so far. */
  password: string;
  /** Lets the password input point at the list with aria-describedby. */
  id?: string;
}

/** The live checklist of the password rules (spec section 5), ticked as the member types. */
export function PasswordChecklist({ password, id }: PasswordChecklistProps) {
  const { t } = useTranslation();
  const checks = passwordChecks(password);
  return (
    <ul id={id} className="password-checklist" aria-label={t('common.passwordRules.title')}>
      {CHECK_ORDER.map((check) => (
        <li key={check} className={checks[check] ? 'password-checklist__item is-met' : 'password-checklist__item'}>
          <span aria-hidden="true" className="password-checklist__mark">
            {checks[check] ? '✓' : '•'}
          </span>
          {t(`common.passwordRules.${check}`)}
          <span className="visually-hidden"> {t(checks[check] ? 'common.passwordRules.met' : 'common.passwordRules.notMet')}</span>
        </li>
      ))}
    </ul>
  );
}
