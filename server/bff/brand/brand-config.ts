import { whiteTextContrast } from './brand-colours.ts';

/**
 * The company's own brand on the portal (BRAND_NAME, BRAND_LOGO_URL, BRAND_COLOR); each unset
 * part keeps the portal's own look. Read and checked once, at start.
 */
export interface BrandConfig {
  /** Shown in the header, the page titles and the footer instead of "Member Portal" (every language). */
  name?: string;
  /** The logo beside the name: an https URL or a path on the portal. */
  logoUrl?: string;
  /** The primary colour, '#rrggbb': buttons, links and the logo tile, light and dark. */
  color?: string;
}

/** White text on a button of this colour must pass WCAG AA for normal text. */
const MIN_CONTRAST = 4.5;
const NAME_MAX_LENGTH = 60;

function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function invalid(variable: string, why: string): Error {
  return new Error(`Invalid ${variable}: ${why}`);
}

function parseLogoUrl(value: string): string {
  if (/^\/(?![/\\])\S*$/.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('BRAND_LOGO_URL', `'${value}' is neither an https URL nor a path starting with /`);
  }
  if (url.protocol !== 'https:') throw invalid('BRAND_LOGO_URL', 'must be an https URL (or a path on the portal)');
  return url.href;
}

export function loadBrandConfig(env: NodeJS.ProcessEnv = process.env): BrandConfig {
  const brand: BrandConfig = {};
  const name = read(env, 'BRAND_NAME');
  if (name !== undefined) {
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    if (name.length > NAME_MAX_LENGTH || /[\u0000-\u001f\u007f<>]/.test(name)) {
      throw invalid('BRAND_NAME', `must be at most ${NAME_MAX_LENGTH} characters, without < > or control characters`);
    }
    brand.name = name;
  }
  const logoUrl = read(env, 'BRAND_LOGO_URL');
  if (logoUrl !== undefined) brand.logoUrl = parseLogoUrl(logoUrl);
  const color = read(env, 'BRAND_COLOR');
  if (color !== undefined) {
    if (!/^#[0-9a-fA-F]{6}$/.test(color)) throw invalid('BRAND_COLOR', `'${color}' is not a colour written as #rrggbb`);
    const contrast = whiteTextContrast(color);
    if (contrast < MIN_CONTRAST) {
      throw invalid(
        'BRAND_COLOR',
        `white text on ${color} has a contrast of ${contrast.toFixed(2)}:1; buttons need ${MIN_CONTRAST}:1 (choose a darker colour)`,
      );
    }
    brand.color = color.toLowerCase();
  }
  return brand;
}

/** The origin the logo comes from, for the Content-Security-Policy's img-src; undefined for the portal's own. */
export function logoOrigin(brand: BrandConfig): string | undefined {
  return brand.logoUrl?.startsWith('https:') ? new URL(brand.logoUrl).origin : undefined;
}
