import { useTranslation } from 'react-i18next';

/** pass=mya: employees and partners reach their platform through the sales representative (spec section 1). */
export function MyaAnnouncement() {
  const { t } = useTranslation();
  return (
    <div className="alert alert--info" role="note">
      <p>{t('login.mya.text')}</p>
      <p>{t('login.mya.serviceCentre')}</p>
    </div>
  );
}
