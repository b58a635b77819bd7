import t from 'tap';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { loadBrandConfig, logoOrigin } from '../../server/bff/brand/brand-config.ts';
import { brandStylesheet, whiteTextContrast } from '../../server/bff/brand/brand-colours.ts';
import { brandShell, brandShells } from '../../server/bff/brand/brand-shells.ts';

t.test('unset: the portal keeps its own look', async (t) => {
  t.same(loadBrandConfig({}), {});
  t.same(loadBrandConfig({ BRAND_NAME: '  ', BRAND_COLOR: '' }), {}, 'blank is unset');
});

t.test('a name, a logo and a colour are read and checked at start', async (t) => {
  t.same(loadBrandConfig({ BRAND_NAME: ' Acme Members ', BRAND_LOGO_URL: 'https://cdn.example.com/acme.svg', BRAND_COLOR: '#7A1FA2' }), {
    name: 'Acme Members',
    logoUrl: 'https://cdn.example.com/acme.svg',
    color: '#7a1fa2',
  });
  t.same(loadBrandConfig({ BRAND_LOGO_URL: '/brand/acme.png' }), { logoUrl: '/brand/acme.png' }, 'a path on the portal');
  t.equal(logoOrigin({ logoUrl: 'https://cdn.example.com/acme.svg' }), 'https://cdn.example.com', 'its origin goes into img-src');
  t.equal(logoOrigin({ logoUrl: '/brand/acme.png' }), undefined, "the portal's own origin is already there");
});

t.test('refused, with the variable named and the reason', async (t) => {
  t.throws(
    () => loadBrandConfig({ BRAND_COLOR: '#ffd700' }),
    /Invalid BRAND_COLOR: white text on #ffd700 has a contrast of 1\.\d\d:1/,
    'too light for white button text',
  );
  t.throws(() => loadBrandConfig({ BRAND_COLOR: 'purple' }), /Invalid BRAND_COLOR/);
  t.throws(() => loadBrandConfig({ BRAND_LOGO_URL: 'http://cdn.example.com/a.svg' }), /Invalid BRAND_LOGO_URL: must be an https URL/);
  t.throws(
    () => loadBrandConfig({ BRAND_LOGO_URL: '//evil.example/a.svg' }),
    /Invalid BRAND_LOGO_URL/,
    'a scheme-relative URL is not a path',
  );
  t.throws(() => loadBrandConfig({ BRAND_LOGO_URL: 'javascript:alert(1)' }), /Invalid BRAND_LOGO_URL/);
  t.throws(() => loadBrandConfig({ BRAND_NAME: '<script>' }), /Invalid BRAND_NAME/);
  t.throws(() => loadBrandConfig({ BRAND_NAME: 'x'.repeat(61) }), /Invalid BRAND_NAME/);
});

t.test('the stylesheet: the colour for buttons, and dark-theme links readable on dark paper', async (t) => {
  const css = brandStylesheet('#7a1fa2');
  t.match(css, /:root \{ --brand: #7a1fa2;.*--brand-fill: #7a1fa2;/);
  const darkLink = /prefers-color-scheme: dark\) \{\s*:root \{ --brand: (#[0-9a-f]{6})/.exec(css)?.[1];
  t.ok(darkLink);
  // Contrast against the dark paper #161b22 (luminance about 0.0103).
  const luminance = (hex: string) => 1.05 / whiteTextContrast(hex) - 0.05;
  t.ok((luminance(darkLink!) + 0.05) / (0.0103 + 0.05) >= 4.5, `dark-theme link ${darkLink} reads at 4.5:1 or more`);
});

const SHELL = [
  '<!doctype html><html lang="ja"><head><title>ログイン · 会員ポータル</title>',
  '<meta property="og:title" content="ログイン · 会員ポータル">',
  '<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,x">',
  '<link rel="stylesheet" href="/assets/main.css"></head><body><header>',
  '<svg class="brand-logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect class="brand-logo__tile" width="32" height="32" rx="8"></rect></svg>',
  '<span class="site-header__name">会員ポータル</span></header>',
  '<footer><p>Copyright © 2026 会員ポータル 無断転載を禁じます。</p></footer></body></html>',
].join('');

t.test('a page shell in the brand: name everywhere, logo, colour stylesheet, and the values for the client', async (t) => {
  const html = brandShell(SHELL, { name: 'Acme & Co', logoUrl: 'https://cdn.example.com/a.svg', color: '#7a1fa2' });
  t.notMatch(html, /会員ポータル/, "the portal's name is gone");
  t.match(html, '<title>ログイン · Acme &amp; Co</title>');
  t.match(html, '<span class="site-header__name">Acme &amp; Co</span>');
  t.match(html, 'Copyright © 2026 Acme &amp; Co 無断転載を禁じます。');
  t.match(html, '<img class="brand-logo" src="https://cdn.example.com/a.svg" alt=""/>');
  t.notMatch(html, /brand-logo__tile/, "the portal's mark is replaced");
  t.match(html, '<link rel="icon" href="https://cdn.example.com/a.svg">');
  t.ok(html.indexOf('/brand.css') > html.indexOf('/assets/main.css'), 'the brand stylesheet comes after the built one');
  t.match(
    html,
    '<meta name="portal-brand" content="{&quot;name&quot;:&quot;Acme &amp; Co&quot;,&quot;logoUrl&quot;:&quot;https://cdn.example.com/a.svg&quot;}">',
  );
});

t.test('every encoding is made again from the branded page; no brand leaves the shells as built', async (t) => {
  const { brotliCompressSync, gzipSync } = await import('node:zlib');
  const plain = Buffer.from(SHELL);
  const shells = new Map([['shells/ja-jp/login.html', { plain, br: brotliCompressSync(plain), gzip: gzipSync(plain) }]]);
  t.equal(brandShells(shells, {}), shells);
  const branded = brandShells(shells, { name: 'Acme' }).get('shells/ja-jp/login.html')!;
  t.match(branded.plain!.toString(), '<span class="site-header__name">Acme</span>');
  t.equal(brotliDecompressSync(branded.br!).toString(), branded.plain!.toString());
  t.equal(gunzipSync(branded.gzip!).toString(), branded.plain!.toString());
});
