import t from 'tap';
import { LANGUAGES } from '../../shared/languages.ts';
import { PRERENDERED_SCREENS } from '../../client/screens/prerendered.ts';
import { createActiveMember, signIn, startStack } from '../helper.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { textsOf } from './texts.ts';
import { requestsQuiet } from './requests-quiet.ts';

/**
 * Screens painted at build time, on one portal and one browser (each test its own context and
 * members; booting them is most of the cost):
 * - every one of them, in every language, is hydrated as painted: no element of it (a loading
 *   spinner aside) is thrown away and drawn again, which a difference between the build's render
 *   and the browser's first one would cause, and React reports no error while taking it over;
 * - the registration screen is painted from the page shell before any script runs, and the app
 *   then hydrates it: the painted elements become the app's, never a loading spinner in between
 *   (the screen's code comes in a chunk of its own), and the form takes input once the app has it.
 */
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);

// Every painted screen.

const member = await signIn(stack, await createActiveMember(stack));
// A host name, not an address: the browser then offers WebAuthn, which the build's render has not.
const portal = stack.bffUrl.replace('127.0.0.1', 'localhost');
const memberCookies = [...member.cookies].map(([name, value]) => ({ name, value, url: portal }));

for (const lang of LANGUAGES) {
  t.test(`${lang}: the painted screens are hydrated as they are`, async (t) => {
    const context = await newContext(browser, portal, lang, true);
    await context.addCookies(memberCookies);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      const report = window as unknown as { removedPainted: number };
      report.removedPainted = 0;
      document.addEventListener('DOMContentLoaded', () => {
        // A spinner (My account's, while the member is read) is meant to give way.
        const painted = new Set(
          [...(document.getElementById('root')?.querySelectorAll('*') ?? [])].filter((element) => !element.closest('.spinner')),
        );
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.removedNodes) if (painted.has(node as Element)) report.removedPainted += 1;
        }).observe(document.body, { childList: true, subtree: true });
      });
    });

    for (const screen of PRERENDERED_SCREENS) {
      const shell = await fetch(`${stack.bffUrl}/${lang}/${screen}`).then((response) => response.text());
      t.match(shell, /<div id="root" inert><\w/, `${screen}: the shell holds the painted screen`);
      await page.goto(`/${lang}/${screen}`);
      await page.locator('#root:not([inert])').waitFor();
      await requestsQuiet(page);
      t.equal(
        await page.evaluate(() => (window as unknown as { removedPainted: number }).removedPainted),
        0,
        `${screen}: nothing painted is drawn again`,
      );
      t.equal(await page.locator('[data-until-app]').count(), 0, `${screen}: nothing left read-only or disabled`);
    }
    t.same(errors, [], 'no error while taking over');
    await context.close();
  });
}

// The registration screen.

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
    await requestsQuiet(page);
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
