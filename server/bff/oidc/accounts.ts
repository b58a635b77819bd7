import { claimsContract, type MemberClaims } from '../../../shared/contract/claims.ts';
import type { Upstream } from '../upstream.ts';

/** What oidc-provider asks of an account: its id and its claims for the scopes granted. */
export interface ProviderAccount {
  accountId: string;
  claims(): Promise<Record<string, unknown>>;
}

/** OpenID Connect standard claims from the member's; scope filtering is the provider's job. */
function standardClaims(member: MemberClaims): Record<string, unknown> {
  const name = [member.givenName, member.familyName].filter((part) => part !== '').join(' ');
  return {
    sub: member.subject,
    email: member.email,
    email_verified: member.emailVerified,
    ...(name ? { name } : {}),
    given_name: member.givenName,
    family_name: member.familyName,
    locale: member.lang,
    // Only a number the member proved by entering a code sent to it.
    ...(member.phone ? { phone_number: member.phone, phone_number_verified: true } : {}),
  };
}

/** The member service's claims route, by row id (a finished sign-in) or by subject (tokens, UserInfo). */
export class MemberAccounts {
  constructor(private readonly upstream: Upstream) {}

  private async claims(query: { memberId: string } | { subject: string }): Promise<MemberClaims | undefined> {
    const result = await this.upstream.call(claimsContract.claims, { query });
    return result.body.isSuccess ? result.body.data : undefined;
  }

  /** The subject of a signed-in member: the stable public id, never the e-mail or row id. */
  async subjectOf(memberId: number): Promise<string | undefined> {
    return (await this.claims({ memberId: String(memberId) }))?.subject;
  }

  /** oidc-provider's findAccount: undefined for a member who is gone or can no longer sign in. */
  async find(subject: string): Promise<ProviderAccount | undefined> {
    const member = await this.claims({ subject });
    if (!member) return undefined;
    const claims = standardClaims(member);
    return { accountId: member.subject, claims: async () => claims };
  }
}
