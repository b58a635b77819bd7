import t from 'tap';
import { createActiveMember, signIn, startStack } from '../helper.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { textsOf } from './texts.ts';

/**
 * My account draws its sections one per task as it opens. A press on the menu before a section
 * is drawn still takes the member there once it is; the list is busy until all are in. (Where
 * the section ends up depends on the sections above it, which grow as their own reads arrive:
 * my-account-sections.test.ts measures the position once the page has settled.)
 */
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);
const member = await signIn(stack, await createActiveMember(stack));
const text = textsOf('en');

t.test('a menu entry pressed before its section is drawn leads to it once it is', async (t) => {
  const context = await newContext(browser, stack.bffUrl, 'en-US');
  await context.addCookies([...member.cookies].map(([name, value]) => ({ name, value, url: stack.bffUrl })));
  const page = await context.newPage();
  // The member's read is held until the page's timers are stopped: the sections after the
  // first then wait for the clock.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/Member', async (route) => {
    await held;
    await route.continue();
  });
  await page.clock.install();
  await page.goto('/en/my-account');
  await page.locator('#root:not([inert])').waitFor();
  await page.clock.pauseAt(Date.now() + 60_000);
  release();
  await page.getByRole('heading', { name: text('account.profile.title') }).waitFor();
  t.equal(await page.locator('#subscription').count(), 0, 'a later section is not drawn yet');
  t.equal(await page.locator('.account__sections[aria-busy="true"]').count(), 1, 'and the list says it is busy');

  await page
    .getByRole('navigation', { name: text('account.menu') })
    .getByRole('link', { name: text('account.subscription.title') })
    .click();
  await page.clock.resume();
  await page.locator('.account__sections[aria-busy="true"]').waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.id === 'subscription-title');
  t.pass('once drawn, the section gets the focus on its heading');
  t.ok(await page.evaluate(() => window.scrollY > 0), 'and the page scrolls towards it');
  await context.close();
});
