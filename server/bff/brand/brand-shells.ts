import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PageShells } from '../page-shell.ts';
import type { BrandConfig } from './brand-config.ts';

/** Where the brand colour's stylesheet is served (static-client.ts). */
export const BRAND_STYLESHEET_PATH = '/brand.css';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The portal's own mark, as the build drew it: the only logo with the tile class (client/layout/brand-logo.tsx). */
const DEFAULT_MARK = /<svg class="brand-logo"[^>]*>(?:(?!<\/svg>)[\s\S])*?brand-logo__tile(?:(?!<\/svg>)[\s\S])*<\/svg>/;
const HEADER_NAME = /<span class="site-header__name">([^<]+)<\/span>/;
const FAVICON = /<link rel="icon"[^>]*>/;

/**
 * One page shell in the configured brand, exactly as the client draws it once it runs (so the
 * page does not change under the reader's eyes, and React finds the markup it would make): the
 * brand's name wherever the build wrote the portal's (title, previews, header, footer), its
 * logo in place of the portal's mark and as the tab's icon, its colour's stylesheet, and the
 * name and logo for the client (client/layout/configured-brand.ts).
 */
export function brandShell(html: string, brand: BrandConfig): string {
  let out = html;
  const builtName = HEADER_NAME.exec(html)?.[1];
  if (brand.name && builtName) out = out.split(builtName).join(escapeHtml(brand.name));
  if (brand.logoUrl) {
    const logo = escapeHtml(brand.logoUrl);
    out = out.replace(DEFAULT_MARK, `<img class="brand-logo" src="${logo}" alt=""/>`).replace(FAVICON, `<link rel="icon" href="${logo}">`);
  }
  const client = JSON.stringify({ name: brand.name, logoUrl: brand.logoUrl });
  const head = [
    `<meta name="portal-brand" content="${escapeHtml(client)}">`,
    ...(brand.color ? [`<link rel="stylesheet" href="${BRAND_STYLESHEET_PATH}">`] : []),
  ].join('\n');
  // After the built stylesheet, so the brand's colours win.
  return out.replace('</head>', `${head}\n</head>`);
}

/** Every shell in the brand, each encoding made again from the branded page; the shells as built when no brand is set. */
export function brandShells(shells: PageShells, brand: BrandConfig): PageShells {
  if (!brand.name && !brand.logoUrl && !brand.color) return shells;
  const branded = new Map<string, Partial<Record<'plain' | 'br' | 'gzip', Buffer>>>();
  for (const [name, variants] of shells) {
    if (!variants.plain) continue;
    const plain = Buffer.from(brandShell(variants.plain.toString('utf8'), brand), 'utf8');
    branded.set(name, {
      plain,
      ...(variants.br ? { br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) } : {}),
      ...(variants.gzip ? { gzip: gzipSync(plain, { level: 9 }) } : {}),
    });
  }
  return branded;
}
