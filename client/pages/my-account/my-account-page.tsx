import { useTranslation } from 'react-i18next';
import { useMember } from '../../api/member.ts';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { ProfileSection } from './profile-section.tsx';

/** My account (spec section 2). The header sends visitors who are not signed in to login. */
export default function MyAccountPage() {
  const { t } = useTranslation();
  const { member, mutate } = useMember();
  usePageTitle('account.title');

  if (!member) return <Spinner />;
  return (
    <div className="account">
      <h1>{t('account.title')}</h1>
      <nav className="account__menu" aria-label={t('account.menu')}>
        <ul>
          <li>
            <a href="#my-profile">{t('account.profile.title')}</a>
          </li>
        </ul>
      </nav>
      <div className="account__sections">
        <ProfileSection
          key={member.memberId}
          member={member}
          onSaved={(saved) => void (saved ? mutate(saved, { revalidate: false }) : mutate())}
        />
      </div>
    </div>
  );
}
