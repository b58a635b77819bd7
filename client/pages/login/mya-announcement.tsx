import { useTranslation } from 'react-i18next';
import { SERVICE_CENTRE_NUMBERS } from '../../site-links.ts';

/** pass=mya: employees and partners reach their platform through the sales representative (spec section 1). */
export function MyaAnnouncement() {
  const { t } = useTranslation();
  return (
    <div className="alert alert--info" role="note">
      <p>{t('login.mya.text')}</p>
      <p>{t('login.mya.serviceCentre')}</p>
      <ul className="service-centres">
        {SERVICE_CENTRE_NUMBERS.map(({ region, number }) => (
          <li key={region}>
            {t(`login.mya.regions.${region}`)}: <a href={`tel:${number.replace(/-/g, '')}`}>{number}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
