import { useTranslation } from 'react-i18next';

/**
 * Where a session or event came from, in words a member understands: this network (the one this
 * browser is on now) or another network, with the network's prefix after it in small type for
 * those who want it. A bare "203.0.113.0/24" means nothing to most people.
 */
export function NetworkLabel({ prefix, currentPrefix }: { prefix: string; currentPrefix: string | undefined }) {
  const { t } = useTranslation();
  if (!prefix) return <span>{t('security.unknownNetwork')}</span>;
  return (
    <span>
      {t(prefix === currentPrefix ? 'security.thisNetwork' : 'security.otherNetwork')}{' '}
      <small className="security-list__prefix">{prefix}</small>
    </span>
  );
}
