import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWRMutation from 'swr/mutation';
import { CONNECTED_SITES_PATH, removeConnectedSite, type ConnectedSites } from '../../features/company-sites/company-sites-api.ts';
import { SiteItems } from '../../features/company-sites/site-items.tsx';
import { Button } from '../../ui/button.tsx';
import { toastError, toastSuccess } from '../../state/toasts.ts';
import { AccountSection } from './account-section.tsx';

/**
 * Connected sites: the company sites holding the member's grant (signed in by OpenID Connect),
 * what each receives, and Remove, which takes the grant back and ends the site's sign-in tokens.
 */
export function ConnectedSitesSection({ connected }: { connected: ConnectedSites }) {
  const { t } = useTranslation();
  // The list reads itself again after each removal (the mutation's key is its path).
  const removing = useSWRMutation(CONNECTED_SITES_PATH, async (_path: string, { arg: id }: { arg: string }) => {
    if (!(await removeConnectedSite(id)).isSuccess) throw new Error('refused');
  });
  const [target, setTarget] = useState<string | undefined>();

  const remove = (id: string) => {
    setTarget(id);
    removing.trigger(id).then(
      () => toastSuccess('oidc.connectedSites.removed'),
      () => toastError({ messageKey: 'account.MyAccount.FailedToaster' }),
    );
  };

  return (
    <AccountSection id="connected-sites" title="oidc.connectedSites.title">
      <p>{t('oidc.connectedSites.intro')}</p>
      {connected.sites.length === 0 ? (
        <p>{t('oidc.connectedSites.none')}</p>
      ) : (
        <ul className="security-list" aria-label={t('oidc.connectedSites.title')}>
          {connected.sites.map((site) => (
            <li key={site.id} className="security-list__item">
              <strong>{site.site}</strong>
              {site.firstParty && <span className="security-list__badge">{t('oidc.connectedSites.firstParty')}</span>}
              <SiteItems items={site.items} label={t('oidc.consent.itemsLabel', { site: site.site })} />
              <Button
                variant="link"
                busy={removing.isMutating && target === site.id}
                aria-label={t('oidc.connectedSites.removeSite', { site: site.site })}
                onClick={() => remove(site.id)}
              >
                {t('oidc.connectedSites.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
