import t from 'tap';
import type { Locator, Page } from 'playwright-core';
import { createActiveMember, freePort, startStack, TEST_PASSWORD } from '../helper.ts';
import { settle } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { checkPhoneLayout, contextAt } from './layout-checks.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * The passkey list in My account is drawn like the sessions list beside it (rows with a rule
 * between them, muted details), in both colour schemes, at 360 pixels with 44-pixel targets,
 * in each of its states: listed, being renamed, asking before a removal. Passkeys need a
 * relying party that is a host name, hence http://localhost:<port>.
 */
t.setTimeout(300_000);
const text = textsOf('en');
const port = await freePort();
const portal = `http://localhost:${port}`;
const stack = await startStack(t, { env: { PORT: String(port), PUBLIC_ORIGIN: portal, CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);

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
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const member = await createActiveMember(stack);
  await page.goto('/en/login');
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL('**/en/my-account');
}

for (const scheme of ['light', 'dark'] as const) {
  t.test(`${scheme}, 360 pixels: listed, renaming, confirming a removal`, async (t) => {
    const page = await (await contextAt(browser, { ...stack, bffUrl: portal }, 360, scheme)).newPage();
    page.setDefaultTimeout(15_000);
    await signInWithAuthenticator(page);
    const passkeys = page.locator('#passkeys');
    await passkeys.getByRole('button', { name: text('account.passkeys.add') }).click();
    const passkey = passkeys.getByRole('listitem', { name: 'Passkey 1' });
    await passkey.waitFor();
    const session = page.locator('#devices-sessions').getByRole('listitem').first();
    await session.waitFor();
    await settle(page);

    t.same(await rowLook(passkey), await rowLook(session), 'a passkey row is drawn like a session row');
    t.equal(await detailsColour(passkey), await detailsColour(session), 'its dates are muted like the session details');
    await checkPhoneLayout(t, page, 'passkeys listed');

    await passkey.getByRole('button', { name: text('account.passkeys.rename') }).click();
    await passkeys.getByLabel(text('account.passkeys.name')).waitFor();
    await checkPhoneLayout(t, page, 'a passkey being renamed');
    await passkeys.getByRole('button', { name: text('account.passkeys.cancel') }).click();

    await passkey.getByRole('button', { name: text('account.passkeys.remove') }).click();
    await passkey.getByRole('group', { name: text('account.passkeys.removeQuestion') }).waitFor();
    await checkPhoneLayout(t, page, 'a passkey removal being confirmed');
    await page.context().close();
  });
}
