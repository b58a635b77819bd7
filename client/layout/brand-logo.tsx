import type { JSX } from 'react';
import type { Brand } from '../variant.ts';
import { configuredBrand } from './configured-brand.ts';

/*
 * The logo slot of each site variant: replace a mark below with the company's own SVG (keep
 * the viewBox square, or adjust `.brand-logo` in styles.css). The brand's name is written
 * beside it as text, so the mark stays decorative and the name is translated.
 */

/** The portal's own mark: one account (the centre) joined to the company's sites around it. */
const DefaultMark = () => (
  <svg className="brand-logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect className="brand-logo__tile" width="32" height="32" rx="8" />
    <path d="M16 16 9 10.5M16 16l7-5.5M16 16v8" stroke="#fff" strokeWidth="2" strokeLinecap="round" opacity="0.75" />
    <circle cx="9" cy="10.5" r="2.5" fill="#fff" />
    <circle cx="23" cy="10.5" r="2.5" fill="#fff" />
    <circle cx="16" cy="24" r="2.5" fill="#fff" />
    <circle cx="16" cy="16" r="4" fill="#fff" />
  </svg>
);

const IotmartMark = () => (
  <svg className="brand-logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="8" fill="#0b6e4f" />
    <path d="M16 6.5 24.2 11v10L16 25.5 7.8 21V11z" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
    <circle cx="16" cy="16" r="3" fill="#fff" />
  </svg>
);

const AuresMark = () => (
  <svg className="brand-logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="16" fill="#b3261e" />
    <path d="M10 23.5 16 8.5l6 15M12.4 18h7.2" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const MARKS: Record<Brand, () => JSX.Element> = { default: DefaultMark, iotmart: IotmartMark, aures: AuresMark };

export function BrandLogo({ brand }: { brand: Brand }) {
  // The company's logo when one is configured (BRAND_LOGO_URL), as the server drew it into the page.
  const logoUrl = brand === 'default' ? configuredBrand().logoUrl : undefined;
  if (logoUrl) return <img className="brand-logo" src={logoUrl} alt="" />;
  const Mark = MARKS[brand];
  return <Mark />;
}
