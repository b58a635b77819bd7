import t from 'tap';
import { LANGUAGES } from '../../shared/languages.ts';
import { PRERENDERED_SCREENS } from '../../client/screens/prerendered.ts';
import { createActiveMember, signIn, startStack } from '../helper.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';

/**
 * Every screen painted at build time, in every language, is hydrated as painted: no element of
 * it (a loading spinner aside) is thrown away and drawn again, which a difference between the
 * build's render and the browser's first one would cause, and React reports no error while
 * taking it over.
 */
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);
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
      await page.waitForLoadState('networkidle');
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
