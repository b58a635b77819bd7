import t from 'tap';
import { request } from 'undici';
import { brotliDecompressSync } from 'node:zlib';
import { startStack } from '../helper.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { textsOf } from './texts.ts';

/**
 * A company's own brand from the environment (BRAND_NAME, BRAND_LOGO_URL, BRAND_COLOR): in the
 * page as served, compressed or not, in the Content-Security-Policy for the logo, and in the
 * running app, which draws the same page without a flash of the portal's own look.
 */
const LOGO = 'https://cdn.example.com/acme.svg';
const stack = await startStack(t, {
  env: { CLIENT_DIR: await builtClientDir(), BRAND_NAME: 'Acme Members', BRAND_LOGO_URL: LOGO, BRAND_COLOR: '#7a1fa2' },
});

t.test('served: the page in the brand, its stylesheet, and the logo allowed', async (t) => {
  const page = await request(`${stack.bffUrl}/ja-jp/login`, { headers: { 'accept-encoding': 'br' } });
  t.equal(page.headers['content-encoding'], 'br');
  const html = brotliDecompressSync(Buffer.from(await page.body.arrayBuffer())).toString();
  t.match(html, '<span class="site-header__name">Acme Members</span>');
  t.match(html, /<title>[^<]*· Acme Members<\/title>/);
  t.notMatch(html, textsOf('ja-jp')('common.brand'), "the portal's own name is nowhere");
  t.match(html, `<img class="brand-logo" src="${LOGO}" alt=""/>`);
  t.match(String(page.headers['content-security-policy']), /img-src 'self' data: https:\/\/cdn\.example\.com/);
  const css = await request(`${stack.bffUrl}/brand.css`);
  t.equal(css.statusCode, 200);
  t.match(await css.body.text(), '--brand-fill: #7a1fa2');
});

t.test('in the browser: the app keeps the brand the page arrived with', async (t) => {
  const browser = await launchBrowser(t);
  const context = await newContext(browser, stack.bffUrl);
  await context.route(LOGO, (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#7a1fa2"/></svg>',
    }),
  );
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  const text = textsOf('en');
  await page.goto('/en/login');
  await page.getByRole('button', { name: text('login.submit'), exact: true }).waitFor();
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
  t.equal(await page.locator('.site-header__name').textContent(), 'Acme Members', 'the header');
  t.match(await page.title(), / · Acme Members$/, 'the title');
  t.match(await page.locator('.site-footer').textContent(), 'Acme Members', 'the footer');
  t.equal(await page.locator('img.brand-logo').getAttribute('src'), LOGO, 'the logo');
  t.equal(
    await page
      .getByRole('button', { name: text('login.submit'), exact: true })
      .evaluate((button) => getComputedStyle(button).backgroundColor),
    'rgb(122, 31, 162)',
    'Sign in in the brand colour',
  );
  await page.goto('/en/register');
  await page.getByRole('heading', { name: text('register.title') }).waitFor();
  t.match(await page.title(), / · Acme Members$/, 'another screen, reached by the app, too');
  t.same(problems, [], 'no hydration or loading errors');
});
