import { useTranslation } from 'react-i18next';
import { PASSWORD_SYMBOLS, passwordChecks, type PasswordChecks } from '../../shared/rules/password.ts';

const CHECK_ORDER: Array<keyof PasswordChecks> = ['length', 'lowercase', 'uppercase', 'digit', 'allowedCharacters'];

export interface PasswordChecklistProps {
  /** The password as typed so far. */
  password: string;
  /** Lets the password input point at the list with aria-describedby. */
  id?: string;
}

const SYMBOL_LIST = PASSWORD_SYMBOLS.join(' ');

/**
 * A rule's text, its list of symbols kept on one line (a lone "-" on a line reads as a stray
 * dash), together with a word of one or two characters after it ("のみ").
 */
function RuleText({ text }: { text: string }) {
  const at = text.indexOf(SYMBOL_LIST);
  if (at === -1) return text;
  const rest = text.slice(at + SYMBOL_LIST.length);
  const glued = rest.trim().length <= 2 ? rest.length : 0;
  return (
    <>
      {text.slice(0, at)}
      <span className="password-checklist__symbols">{SYMBOL_LIST + rest.slice(0, glued)}</span>
      {rest.slice(glued)}
    </>
  );
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
          <RuleText text={t(`common.passwordRules.${check}`)} />
          <span className="visually-hidden"> {t(checks[check] ? 'common.passwordRules.met' : 'common.passwordRules.notMet')}</span>
        </li>
      ))}
    </ul>
  );
}
