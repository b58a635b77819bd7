import { SITE_ITEMS, type SiteItem } from '../../../shared/schemas/company-sites.ts';

/** Which item each standard claim belongs to (the provider's claims configuration, read as the member sees it). */
const ITEM_OF_CLAIM: Record<string, SiteItem> = {
  email: 'email',
  email_verified: 'email',
  name: 'profile',
  given_name: 'profile',
  family_name: 'profile',
  locale: 'profile',
  phone_number: 'phone',
  phone_number_verified: 'phone',
};

/** What a site receives by these scopes and single claims, as the member is told it, in one order. */
export function siteItemsOf(scopes: Iterable<string>, claims: Iterable<string> = []): SiteItem[] {
  const items = new Set<string>([...scopes]);
  for (const claim of claims) {
    const item = ITEM_OF_CLAIM[claim];
    if (item) items.add(item);
  }
  return SITE_ITEMS.filter((item) => items.has(item));
}
