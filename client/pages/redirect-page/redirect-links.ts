import type { Language } from '../../../shared/languages.ts';
import { homeLink } from '../../site-links.ts';

/** The online store and the partner marketplace; change them here when the sites move. */
const ONLINE_STORE = 'https://buy.example.com';
const MARKETPLACE = 'https://marketplace.example.com';

export interface SiteLink {
  /** Key under activation.redirect for the name; `<key>Text` describes it. */
  key: 'corporate' | 'store' | 'iotMarketplace' | 'marketplace';
  href: string;
}

/** The places a member goes next after registering or changing a password. */
export function redirectLinks(lang: Language): SiteLink[] {
  return [
    { key: 'corporate', href: homeLink(lang, 'default') },
    { key: 'store', href: ONLINE_STORE },
    { key: 'iotMarketplace', href: homeLink(lang, 'iotmart') },
    { key: 'marketplace', href: MARKETPLACE },
  ];
}
