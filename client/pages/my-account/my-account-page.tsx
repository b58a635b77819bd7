import { type ReactElement, startTransition, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { mustChangePassword } from '../../../shared/enums.ts';
import type { BrowserMember } from '../../../shared/schemas/member.ts';
import { fetchData } from '../../api/http.ts';
import { refreshMember, showMember, useMember } from '../../api/member.ts';
import { CONNECTED_SITES_PATH, type ConnectedSites } from '../../features/company-sites/company-sites-api.ts';
import { useSocialConnect } from '../../features/social/use-social-connect.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { useVariant } from '../../variant.ts';
import { AccountMenu, type MenuEntry } from './account-menu.tsx';
import { BackToSite } from './back-to-site.tsx';
import { ConnectedAccountsSection } from './connected-accounts-section.tsx';
import { ConnectedSitesSection } from './connected-sites-section.tsx';
import { DeleteSection } from './delete-section.tsx';
import { DeletionBanner } from './deletion-banner.tsx';
import { DownloadSection } from './download-section.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SecurityActivitySection } from './security-activity-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { SignInSecuritySection } from './sign-in-security-section.tsx';
import { SubscriptionSection } from './subscription-section.tsx';
import { usePasswordChangedToast } from './use-password-changed-toast.ts';
import { useStaggeredReveal } from './use-staggered-reveal.ts';
import { useWarmUp } from './use-warm-up.ts';
import { useLanguage } from '../../session/language-context.ts';

/** The sections in page order; Connected Accounts and Delete only where they apply (spec section 2). */
function menuEntries(member: BrowserMember, social: { chineseSite: boolean; providers: number }, sites: boolean): MenuEntry[] {
  const connected = !social.chineseSite && (social.providers > 0 || member.socialData.length > 0);
  return [
    { id: 'my-profile', title: 'account.profile.title' },
    { id: 'sign-in-security', title: 'account.security.title' },
    { id: 'passkeys', title: 'account.passkeys.title' },
    { id: 'devices-sessions', title: 'security.sessions.title' },
    { id: 'security-activity', title: 'security.activity.title' },
    { id: 'subscription', title: 'account.subscription.title' },
    // Never on the Chinese site; elsewhere where a provider is configured or a linked account may be let go.
    ...(connected ? [{ id: 'connected-accounts', title: 'account.social.title' }] : []),
    // Where the portal signs company sites in by OpenID Connect.
    ...(sites ? [{ id: 'connected-sites', title: 'oidc.connectedSites.title' }] : []),
    { id: 'download-data', title: 'account.download.title' },
    // An account put up for deletion has its banner at the top instead (DeletionBanner).
    ...(member.isEmp || member.myAccountDeleteDate ? [] : [{ id: 'delete-account', title: 'account.delete.title' }]),
  ];
}

/**
 * The sections, the first at once and the others one per task (useStaggeredReveal): drawing the
 * whole page in one commit would hold a phone's main thread for the longest task of the portal.
 * The list is aria-busy until all are in.
 */
function AccountSections({ children }: { children: ReactElement[] }) {
  const shown = useStaggeredReveal(children.length);
  return (
    <div className="account__sections" aria-busy={shown < children.length || undefined}>
      {children.slice(0, shown)}
    </div>
  );
}

/**
 * Reads the company sites the member is signed in to, and hands them to the page in a
 * transition: swr's answers are urgent updates, and the page drawing them at once would draw
 * every section again in one long task. A change in the section reads them again, and comes
 * here the same way.
 */
function ConnectedSitesRead({ onRead }: { onRead: (sites: ConnectedSites) => void }) {
  const { data } = useSWR<ConnectedSites>(CONNECTED_SITES_PATH, fetchData);
  useEffect(() => {
    if (data) startTransition(() => onRead(data));
  }, [data, onRead]);
  return null;
}

/** My account (spec section 2); a member-only route (routes.tsx). */
export default function MyAccountPage() {
  const { t } = useTranslation();
  const { member: current } = useMember('my-account');
  // The page's first drawing is the heaviest of the portal: deferred, React draws it in slices
  // the browser can interrupt instead of one long task. Later changes show at once.
  const firstDrawn = useDeferredValue(current) !== undefined;
  const member = firstDrawn ? current : undefined;
  const { socialTypes, chineseSite } = useVariant();
  const lang = useLanguage();
  const socialActions = useSocialConnect(() => void refreshMember());
  const [connectedSites, setConnectedSites] = useState<ConnectedSites>();
  // Set while a deletion just asked for is under way: the banner's Restore then takes the focus.
  const focusRestore = useRef(false);
  usePageTitle('account.title');
  usePasswordChangedToast();
  useWarmUp(!firstDrawn, lang);

  // Until the member is read, the page's frame: the heading is what a phone paints first, and
  // the build paints the same frame ahead of any script (client/screens/prerendered.ts). A
  // member who must change the password first gets only a minimal read; PasswordChangeFirst
  // sends them to change it. The heading's key keeps it, painted or not, when the page arrives.
  // The lead under it says what the page holds, and is the largest text of the first paint in
  // every language, so the page's largest paint is not the first field drawn a moment later.
  if (!member || mustChangePassword(member.status)) {
    return (
      <div className="account">
        <h1 key="title">{t('account.title')}</h1>
        <p key="lead" className="account__lead">
          {t('common.meta.description')}
        </p>
        <Spinner />
      </div>
    );
  }
  const entries = menuEntries(member, { chineseSite, providers: socialTypes.length }, connectedSites?.enabled === true);
  const show = (id: string) => entries.some((entry) => entry.id === id);
  const saved = (next: BrowserMember | undefined) => void (next ? showMember(next) : refreshMember());

  return (
    <div className="account">
      <ConnectedSitesRead onRead={setConnectedSites} />
      <BackToSite />
      <h1 key="title">{t('account.title')}</h1>
      <p key="lead" className="account__lead">
        {t('common.meta.description')}
      </p>
      {member.myAccountDeleteDate && (
        <DeletionBanner
          deleteDate={member.myAccountDeleteDate}
          takeFocus={() => {
            const take = focusRestore.current;
            focusRestore.current = false;
            return take;
          }}
        />
      )}
      <div className="account__layout">
        <AccountMenu entries={entries} />
        <AccountSections>
          {[
            <ProfileSection key={`profile-${member.userId}`} member={member} onSaved={saved} />,
            <SignInSecuritySection key="sign-in-security" member={member} />,
            <PasskeysSection key="passkeys" />,
            <SessionsSection key="sessions" />,
            <SecurityActivitySection key="security-activity" />,
            <SubscriptionSection key={`subscription-${member.isSubscribe}`} member={member} onSaved={saved} />,
            show('connected-accounts') && (
              <ConnectedAccountsSection key="connected-accounts" socialData={member.socialData} {...socialActions} />
            ),
            show('connected-sites') && connectedSites !== undefined && (
              <ConnectedSitesSection key="connected-sites" connected={connectedSites} />
            ),
            <DownloadSection key="download" />,
            show('delete-account') && (
              <DeleteSection
                key="delete"
                onRequested={(requested) => {
                  focusRestore.current = requested;
                }}
              />
            ),
          ].filter((section) => section !== false)}
        </AccountSections>
      </div>
    </div>
  );
}
