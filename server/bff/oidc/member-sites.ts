import type Provider from 'oidc-provider';
import type { ConnectedSite, ConsentRequest } from '../../../shared/schemas/company-sites.ts';
import type { KeyValueStore } from '../store/key-value-store.ts';
import type { MemberAccounts } from './accounts.ts';
import type { OidcClientConfig } from './client-config.ts';
import type { ConsentOwners } from './consent-owners.ts';
import { siteItemsOf } from './site-items.ts';
import { memberGrants } from './member-grants.ts';

/** The signed-in member as the company-site calls know them: their row id and this browser's portal session. */
export interface SiteMember {
  memberId: number;
  portalSessionId: string;
}

interface MissingConsent {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * What a member does about the company sites that sign them in by OpenID Connect: answer a
 * third-party site's consent question, see the sites that hold a grant, and take one back. The
 * provider's records are read and changed here alone; the API routes only carry the calls.
 */
export class MemberSites {
  private readonly names: Map<string, string>;

  constructor(
    private readonly provider: Provider,
    private readonly store: KeyValueStore,
    private readonly accounts: MemberAccounts,
    private readonly owners: ConsentOwners,
    clients: OidcClientConfig[],
    private readonly firstParty: Set<string>,
  ) {
    this.names = new Map(clients.map((client) => [client.client_id, client.client_name ?? client.client_id]));
  }

  /** The consent question of this browser's sign-in to a third-party site, or undefined. */
  private async question(uid: string, member: SiteMember) {
    if (!(await this.owners.owns(uid, member.portalSessionId))) return undefined;
    const interaction = await this.provider.Interaction.find(uid);
    const clientId = String(interaction?.params.client_id ?? '');
    if (!interaction || interaction.prompt.name !== 'consent' || !this.names.has(clientId) || this.firstParty.has(clientId))
      return undefined;
    // The provider's session must be the member's of this portal session (never another's).
    const subject = await this.accounts.subjectOf(member.memberId);
    if (!subject || interaction.session?.accountId !== subject) return undefined;
    return { interaction, clientId, subject, missing: interaction.prompt.details as MissingConsent };
  }

  async consentRequest(uid: string, member: SiteMember): Promise<ConsentRequest | undefined> {
    const question = await this.question(uid, member);
    if (!question) return undefined;
    const { clientId, missing } = question;
    return { site: this.names.get(clientId)!, items: siteItemsOf(missing.missingOIDCScope ?? [], missing.missingOIDCClaims ?? []) };
  }

  /**
   * The member's answer: Allow grants what the site asked for and is remembered (the next sign-in
   * to the site asks nothing); anything else tells the site access_denied. Where the browser goes
   * on, or undefined when there is no such question for this member here (or it was answered).
   */
  async answer(uid: string, member: SiteMember, allow: boolean): Promise<string | undefined> {
    const question = await this.question(uid, member);
    if (!question || !(await this.owners.take(uid, member.portalSessionId))) return undefined;
    const { interaction, clientId, subject, missing } = question;
    if (allow) {
      const found = interaction.grantId ? await this.provider.Grant.find(interaction.grantId) : undefined;
      const grant = found && found.accountId === subject ? found : new this.provider.Grant({ accountId: subject, clientId });
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      interaction.result = { ...interaction.lastSubmission, consent: { grantId: await grant.save() } };
    } else {
      interaction.result = { error: 'access_denied', error_description: 'the member did not allow the site' };
    }
    await interaction.save(interaction.exp - nowSeconds());
    return interaction.returnTo;
  }

  /** The member's grants of the sites configured now. */
  private async grants(subject: string) {
    return (await memberGrants(this.provider, this.store, subject)).filter(({ grant }) => this.names.has(grant.clientId));
  }

  /** Connected sites: one entry per site holding a grant, with what it may receive, by name. */
  async list(memberId: number): Promise<ConnectedSite[]> {
    const subject = await this.accounts.subjectOf(memberId);
    if (!subject) return [];
    const bySite = new Map<string, Set<string>>();
    for (const { grant } of await this.grants(subject)) {
      const scopes = bySite.get(grant.clientId) ?? new Set<string>();
      for (const scope of grant.getOIDCScope().split(' ')) scopes.add(scope);
      bySite.set(grant.clientId, scopes);
    }
    const listed = [...bySite].map(([id, scopes]) => ({
      id,
      site: this.names.get(id)!,
      items: siteItemsOf(scopes),
      firstParty: this.firstParty.has(id),
    }));
    return listed.sort((a, b) => a.site.localeCompare(b.site));
  }

  /**
   * Takes a site's grants back: the grants go, and with them every code, access and refresh
   * token issued under them, so the site's next refresh fails. False when the member's grants
   * name no such site (another member's are never looked at).
   */
  async remove(memberId: number, clientId: string): Promise<boolean> {
    const subject = await this.accounts.subjectOf(memberId);
    if (!subject) return false;
    const held = (await this.grants(subject)).filter(({ grant }) => grant.clientId === clientId);
    for (const { id, grant } of held) {
      // Any model's adapter ends every record of a grant, whichever model made it (store-adapter.ts).
      await this.provider.Grant.adapter.revokeByGrantId(id);
      await grant.destroy();
    }
    return held.length > 0;
  }
}
