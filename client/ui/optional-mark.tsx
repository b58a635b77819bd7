import { useTranslation } from 'react-i18next';

/**
 * The marker after the label of a field the member may leave empty. Most fields are required, so
 * the few optional ones are named instead of starring all the others (a star that never
 * complains teaches people to ignore it). It never wraps apart from the label's last word.
 */
export function OptionalMark() {
  const { t } = useTranslation();
  return <span className="field__optional">{t('common.optional')}</span>;
}
