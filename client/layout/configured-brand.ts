/**
 * The company's brand when the portal is configured with one (BRAND_NAME, BRAND_LOGO_URL): the
 * server writes it into every page shell (server/bff/brand/brand-shells.ts), which already
 * shows it; the client reads it from there so that what it draws matches. Empty otherwise, and
 * while screens are drawn at build time.
 */
export interface ConfiguredBrand {
  name?: string;
  logoUrl?: string;
}

let brand: ConfiguredBrand | undefined;

export function configuredBrand(): ConfiguredBrand {
  if (brand) return brand;
  // Screens drawn at build time run with a stand-in document that cannot be searched.
  const searchable = typeof document !== 'undefined' && typeof document.querySelector === 'function';
  const content = searchable ? document.querySelector('meta[name="portal-brand"]')?.getAttribute('content') : null;
  try {
    const parsed = content ? (JSON.parse(content) as ConfiguredBrand) : {};
    brand = {
      name: typeof parsed.name === 'string' ? parsed.name : undefined,
      logoUrl: typeof parsed.logoUrl === 'string' ? parsed.logoUrl : undefined,
    };
  } catch {
    brand = {};
  }
  return brand;
}

type Catalogue = Record<string, unknown>;

/**
 * A language's catalogue with the configured name wherever the portal's own name (common.brand)
 * is written: the header, the titles, the footer's copyright line. The server does the same to
 * the page shells, so the two agree.
 */
export function withConfiguredName(resources: Catalogue, name: string | undefined): Catalogue {
  const common = resources.common as Catalogue | undefined;
  const builtName = typeof common?.brand === 'string' ? common.brand : undefined;
  if (!name || !builtName) return resources;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return value.split(builtName).join(name);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, walk(child)]));
    return value;
  };
  return walk(resources) as Catalogue;
}
