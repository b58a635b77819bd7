import { useTranslation } from 'react-i18next';

/**
 * The translated message of a rule code, shown under its field (`error.<code>`); `messageKey`
 * replaces it where the control already says what is wrong (an unticked consent: "Please agree").
 */
export function FieldMessage({ id, code, messageKey }: { id: string; code?: string; messageKey?: string }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <p id={id} className="field__error">
      {t(messageKey ?? `error.${code}`)}
    </p>
  );
}

export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list === '' ? undefined : list;
}
