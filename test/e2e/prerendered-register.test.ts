import t from 'tap';
import { startStack } from '../helper.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { textsOf } from './texts.ts';

/**
 * The registration screen is painted from the page shell before any script runs, and the app
 * then draws the same screen in its place: never a loading spinner in between (the screen's
 * code comes in a chunk of its own), and the form takes input once the app has it.
 */
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);

for (const lang of ['en', 'ja-jp'] as const) {
  t.test(`${lang}: the painted registration screen gives way to the app's without a spinner`, async (t) => {
    const text = textsOf(lang);
    const shell = await fetch(`${stack.bffUrl}/${lang}/register`).then((response) => response.text());
    t.match(shell, `>${text('register.title')}</h1>`, 'the page shell holds the drawn screen');
    t.notMatch(shell, /<script(?![^>]*\bsrc=)[^>]*>/, 'and no inline script');

    const page = await (await newContext(browser, stack.bffUrl, 'en-US', true)).newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { spinnersSeen: string[] }).spinnersSeen = seen;
      new MutationObserver(() => {
        const spinner = document.getElementById('root')?.querySelector('.spinner:not(.spinner--inline)');
        if (spinner) seen.push(spinner.parentElement?.className ?? '');
      }).observe(document, { subtree: true, childList: true });
      // Whether the painted screen was still the one in view when it stopped being inert.
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root')!;
        const painted = root.querySelector('h1');
        new MutationObserver((_, observer) => {
          if (root.hasAttribute('inert')) return;
          (window as unknown as { paintedUsable: boolean }).paintedUsable = painted?.isConnected ?? false;
          observer.disconnect();
        }).observe(root, { attributes: true, attributeFilter: ['inert'] });
      });
    });
    await page.goto(`/${lang}/register`);
    await page.locator('#root:not([inert])').waitFor();
    await page.locator('#root input[type="email"]:not([readonly])').first().waitFor();
    await page.waitForLoadState('networkidle');
    t.same(await page.evaluate(() => (window as unknown as { spinnersSeen: string[] }).spinnersSeen), [], 'no spinner in between');
    t.equal(
      await page.evaluate(() => (window as unknown as { paintedUsable?: boolean }).paintedUsable),
      false,
      'the painted screen never takes input: it is inert until the app has drawn its own',
    );
    t.equal(await page.getByRole('heading', { level: 1 }).textContent(), text('register.title'));
    t.equal(await page.locator('#root [readonly], #root [aria-disabled="true"]').count(), 0, 'nothing left read-only');
    await page.context().close();
  });
}
