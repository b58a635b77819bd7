import { createHash } from 'node:crypto';
import { TICKET_VALID_SECONDS } from '../../../shared/limits.ts';
import { urlMatchesEntry } from '../callback-url.ts';
import type { KeyValueStore } from '../store/key-value-store.ts';

const keyOf = (ticket: string) => `ticket-site:${createHash('sha256').update(ticket).digest('hex')}`;

/**
 * Where each sign-in ticket was sent, so that a site key bound to one company site redeems that
 * site's tickets only: a ticket seen by another site (a leaked URL, a shared log) is worth nothing
 * there. Kept in the portal's store under the ticket's hash, shared by every instance.
 */
export class TicketSites {
  constructor(private readonly store: KeyValueStore) {}

  /** Remembers the callback URL a ticket goes to with the member. */
  async sent(ticket: string, url: string): Promise<void> {
    // As long as the ticket can be redeemed; after that it is refused anyway.
    await this.store.set(keyOf(ticket), url, TICKET_VALID_SECONDS);
  }

  /** Whether the ticket went to a URL the site's callback entry covers; an unknown ticket did not. */
  async wentTo(ticket: string, siteEntry: string): Promise<boolean> {
    const url = await this.store.get(keyOf(ticket));
    return url !== undefined && urlMatchesEntry(url, siteEntry);
  }
}
