/** Colour arithmetic for the configured brand colour: WCAG contrast and the palette derived from it. */

type Rgb = [number, number, number];

const WHITE: Rgb = [255, 255, 255];
/** The dark theme's card colour (--paper in styles.css), on which dark-mode links are read. */
const DARK_PAPER: Rgb = [0x16, 0x1b, 0x22];

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function hexOf(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `amount` of the way from `from` to `to`. */
function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return from.map((channel, i) => channel + (to[i]! - channel) * amount) as Rgb;
}

/** The contrast of white text on the colour (which is also the colour's contrast as text on white paper). */
export function whiteTextContrast(hex: string): number {
  return contrast(rgbOf(hex), WHITE);
}

/** The lightest step towards white that is still readable as link text on the dark theme's paper. */
function darkThemeText(base: Rgb): Rgb {
  for (let amount = 0; amount <= 1; amount += 0.05) {
    const candidate = mix(base, WHITE, amount);
    if (contrast(candidate, DARK_PAPER) >= 4.5) return candidate;
  }
  return WHITE;
}

/**
 * The stylesheet that repaints the portal in the brand colour: the colour itself for buttons,
 * links and the logo tile (white text on it passes AA, checked at start), a darker shade for
 * hover, a pale tint for soft backgrounds, and in the dark theme a lighter shade for links.
 */
export function brandStylesheet(hex: string): string {
  const base = rgbOf(hex);
  const black: Rgb = [0, 0, 0];
  const light = [
    `--brand: ${hexOf(base)}`,
    `--brand-dark: ${hexOf(mix(base, black, 0.3))}`,
    `--brand-fill: ${hexOf(base)}`,
    `--brand-fill-hover: ${hexOf(mix(base, black, 0.3))}`,
    `--brand-soft: ${hexOf(mix(base, WHITE, 0.9))}`,
    `--logo-tile: ${hexOf(base)}`,
  ];
  const darkText = darkThemeText(base);
  const dark = [
    `--brand: ${hexOf(darkText)}`,
    `--brand-dark: ${hexOf(mix(darkText, WHITE, 0.25))}`,
    `--brand-fill: ${hexOf(base)}`,
    `--brand-fill-hover: ${hexOf(mix(base, black, 0.25))}`,
    `--brand-soft: ${hexOf(mix(base, DARK_PAPER, 0.75))}`,
    `--logo-tile: ${hexOf(base)}`,
  ];
  return `:root { ${light.join('; ')}; }\n@media (prefers-color-scheme: dark) {\n  :root { ${dark.join('; ')}; }\n}\n`;
}
