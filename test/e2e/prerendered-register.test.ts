import t from 'tap';
import { startStack } from '../helper.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { textsOf } from './texts.ts';

/**
 * The registration screen is painted from the page shell before any script runs, and the app
 * then hydrates it: the painted elements become the app's, never a loading spinner in between
 * (the screen's code comes in a chunk of its own), and the form takes input once the app has it.
 */
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);

for (const lang of ['en', 'ja-jp'] as const) {
  t.test(`${lang}: the app takes over the painted registration screen without a spinner`, async (t) => {
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
      // When the painted screen stops being inert: is it still in the page, and does React own its fields?
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root')!;
        const heading = root.querySelector('h1');
        const field = root.querySelector('input[type="email"]');
        const report = window as unknown as { takenOver: { headingKept: boolean; fieldOwnedByApp: boolean } };
        new MutationObserver((_, observer) => {
          if (root.hasAttribute('inert')) return;
          report.takenOver = {
            headingKept: heading?.isConnected ?? false,
            fieldOwnedByApp: field !== null && Object.keys(field).some((key) => key.startsWith('__reactProps')),
          };
          observer.disconnect();
        }).observe(root, { attributes: true, attributeFilter: ['inert'] });
      });
    });
    await page.goto(`/${lang}/register`);
    await page.locator('#root:not([inert])').waitFor();
    await page.locator('#root input[type="email"]:not([readonly])').first().waitFor();
    await page.waitForLoadState('networkidle');
    t.same(await page.evaluate(() => (window as unknown as { spinnersSeen: string[] }).spinnersSeen), [], 'no spinner in between');
    t.same(
      await page.evaluate(() => (window as unknown as { takenOver?: object }).takenOver),
      { headingKept: true, fieldOwnedByApp: true },
      'the painted screen is hydrated, not drawn again, and takes input only once the app owns it',
    );
    t.equal(await page.getByRole('heading', { level: 1 }).textContent(), text('register.title'));
    t.equal(
      await page.locator('#root [readonly], #root [aria-disabled="true"], #root select[disabled], #root [data-until-app]').count(),
      0,
      'nothing left read-only or disabled',
    );
    const email = page.locator('#root input[type="email"]').first();
    await email.fill('someone@example.com');
    t.equal(await email.inputValue(), 'someone@example.com', 'the field takes what is typed');
    await page.context().close();
  });
}
