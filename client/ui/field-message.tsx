import { useTranslation } from 'react-i18next';

/** The translated message of a rule code, shown under its field (`error.<code>`). */
export function FieldMessage({ id, code }: { id: string; code?: string }) {
  const { t } = useTranslation();
  if (!code) return null;
  return (
    <p id={id} className="field__error">
      {t(`error.${code}`)}
    </p>
  );
}

export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list === '' ? undefined : list;
}
