import t from 'tap';
import type { Locator, Page } from 'playwright-core';
import { createActiveMember, freePort, startStack, TEST_PASSWORD } from '../helper.ts';
import { settle } from './axe.ts';
import { addPlatformAuthenticator, launchBrowser } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { breaksInsideWords, checkPhoneLayout, contextAt, overflowOf } from './layout-checks.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * Narrow phones, on one portal and one browser (each test its own context and members; booting
 * them is most of the cost):
 * - wrapping: Japanese My account at 320 pixels never scrolls sideways and its option names never
 *   break inside a word (no ン or "PC" alone on a line); Spanish buttons stay on one line at 360
 *   pixels;
 * - the passkey list in My account is drawn like the sessions list beside it (rows with a rule
 *   between them, muted details), in both colour schemes, at 360 pixels with 44-pixel targets,
 *   in each of its states: listed, being renamed, asking before a removal.
 * Passkeys need a secure context and a relying party that is a host name: the portal answers on
 * http://localhost:<port>, as browsers require.
 */
t.setTimeout(480_000);
const port = await freePort();
const portal = `http://localhost:${port}`;
const stack = await startStack(t, { env: { PORT: String(port), PUBLIC_ORIGIN: portal, CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);

// Wrapping.

/** How many lines an element's text takes. */
const linesOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top))).size;
  });

/** The text of each block matching `selector`, as the browser broke it into lines (one string a line). */
const renderedLines = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const blocks: string[][] = [];
    for (const block of document.querySelectorAll(selector)) {
      const lines = new Map<number, string>();
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const range = document.createRange();
        for (let i = 0; i < text.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = range.getClientRects()[0];
          if (!box) continue;
          const top = Math.round(box.top);
          lines.set(top, (lines.get(top) ?? '') + text[i]);
        }
      }
      blocks.push([...lines.values()]);
    }
    return blocks;
  }, selector);

/** Lines of a block's text that hold only a fragment a reader cannot take alone. */
const loneLines = async (page: Page, selector: string) =>
  (await renderedLines(page, selector)).flatMap((lines) =>
    lines.filter((line) => /^\s*(PC|ン)\s*$/.test(line)).map((line) => `${lines.join('')}: "${line}"`),
  );

t.test('ja-jp at 320 pixels: My account fits the screen; option names break between words', async (t) => {
  const text = textsOf('ja-jp');
  const page = await (await contextAt(browser, stack, 320, 'light', 'ja-JP')).newPage();
  const member = await createActiveMember(stack, `hanako.yamada.factory${Date.now() % 1e4}@example.co.jp`);
  await page.goto('/ja-jp/login');
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.getByRole('link', { name: text('common.signOut') }).waitFor();

  await page.goto('/ja-jp/my-account');
  await settle(page);
  t.same(await overflowOf(page), [], 'nothing sticks out of a 320-pixel screen');
  t.equal(await page.evaluate(() => document.documentElement.scrollWidth), 320, 'the page does not scroll sideways');

  // Open every branch so the longest names (ファクトリーオートメーション, タッチパネルPC) are laid out.
  for (;;) {
    const closed = page.locator('.checkbox-tree__expand[aria-expanded="false"]').first();
    if ((await closed.count()) === 0) break;
    await closed.click();
  }
  t.same(await breaksInsideWords(page, '.checkbox-tree__row label', 'ja'), [], 'no option name breaks inside a word');
  t.same(await loneLines(page, '.checkbox-tree__row label'), [], 'no line of an option name is only "PC" or ン');
  t.same(await overflowOf(page), [], 'and, opened, still nothing sticks out');
});

t.test('es-es at 360 pixels: the sign-in and reset buttons stay on one line', async (t) => {
  const text = textsOf('es-es');
  const context = await browser.newContext({ baseURL: portal, locale: 'es-ES', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/es-es/login');
  await settle(page);
  const passkey = page.getByRole('button', { name: text('login.passkey.button') });
  await passkey.waitFor();
  t.equal(
    await linesOf(page, '.button:has-text("' + text('login.passkey.button') + '")'),
    1,
    `"${text('login.passkey.button')}" on one line`,
  );
  await page.goto('/es-es/forgot-password');
  await settle(page);
  t.equal(await linesOf(page, 'button[type=submit]'), 1, `"${text('password.forgot.submit')}" on one line`);
});

t.test('es-es at 320 pixels: an e-mail address wraps after its @, never inside the mailbox or the domain', async (t) => {
  const address = 'maria.fernandez.garcia.es@example-mail.com';
  const context = await browser.newContext({ baseURL: portal, locale: 'es-ES', viewport: { width: 320, height: 740 } });
  await context.addInitScript((email) => sessionStorage.setItem('registeredEmail', JSON.stringify({ email, sentAt: Date.now() })), address);
  const page = await context.newPage();
  await page.goto('/es-es/verify-your-email-address');
  await page.locator('.email-address').waitFor();
  const [lines = []] = await renderedLines(page, '.email-address');
  t.equal(lines.join(''), address);
  t.ok(lines.length <= 2 && lines.slice(0, -1).every((line) => line.endsWith('@')), `a line ends only after the @: ${lines.join(' | ')}`);
});

// The passkey list.

const en = textsOf('en');

/** What makes a row look like a row of the sessions list. */
const rowLook = (row: Locator) =>
  row.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      display: style.display,
      border: style.borderBottom,
      padding: style.padding,
      listStyle: getComputedStyle(el.parentElement!).listStyleType,
    };
  });
const detailsColour = (row: Locator) => row.locator('.security-list__details').evaluate((el) => getComputedStyle(el).color);

async function signInWithAuthenticator(page: Page) {
  await addPlatformAuthenticator(page);
  const member = await createActiveMember(stack);
  await page.goto('/en/login');
  await page.getByLabel(exactLabel(en('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(en('login.password'))).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: en('login.submit'), exact: true }).click();
  await page.waitForURL('**/en/my-account');
}

for (const scheme of ['light', 'dark'] as const) {
  t.test(`${scheme}, 360 pixels: listed, renaming, confirming a removal`, async (t) => {
    const page = await (await contextAt(browser, { ...stack, bffUrl: portal }, 360, scheme)).newPage();
    page.setDefaultTimeout(15_000);
    await signInWithAuthenticator(page);
    const passkeys = page.locator('#passkeys');
    await passkeys.getByRole('button', { name: en('account.passkeys.add') }).click();
    const passkey = passkeys.getByRole('listitem', { name: 'Passkey 1' });
    await passkey.waitFor();
    const session = page.locator('#devices-sessions').getByRole('listitem').first();
    await session.waitFor();
    await settle(page);

    t.same(await rowLook(passkey), await rowLook(session), 'a passkey row is drawn like a session row');
    t.equal(await detailsColour(passkey), await detailsColour(session), 'its dates are muted like the session details');
    await checkPhoneLayout(t, page, 'passkeys listed');

    await passkey.getByRole('button', { name: en('account.passkeys.rename') }).click();
    await passkeys.getByLabel(en('account.passkeys.name')).waitFor();
    await checkPhoneLayout(t, page, 'a passkey being renamed');
    await passkeys.getByRole('button', { name: en('account.passkeys.cancel') }).click();

    await passkey.getByRole('button', { name: en('account.passkeys.remove') }).click();
    await passkey.getByRole('group', { name: en('account.passkeys.removeQuestion') }).waitFor();
    await checkPhoneLayout(t, page, 'a passkey removal being confirmed');
    await page.context().close();
  });
}
