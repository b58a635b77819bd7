import t from 'tap';
import { startStack, TEST_PASSWORD } from '../helper.ts';
import { startCompanySite } from '../helpers/company-site.ts';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';
import { consentWithoutNewsletter, fillAccount, fillCompanyWithMobile } from './register-form.ts';

/**
 * A visitor of a company site on another port becomes a member: registers from the site's sign-in
 * link, activates by the mailed link, signs in, chooses preferences and arrives back at the site
 * with a ticket the site redeems server to server.
 */
const SITE_KEY = 'company-site-key-abcdef0123456789abcdef0123';
const text = textsOf('en');
let portal = '';
const site = await startCompanySite(t, { portal: () => portal, siteKey: SITE_KEY });
const stack = await startStack(t, {
  env: { CLIENT_DIR: await builtClientDir(), ALLOWED_CALLBACK_HOSTS: site.allowListEntry, SSO_SITE_KEYS: SITE_KEY },
});
portal = stack.bffUrl;
const browser = await launchBrowser(t);

t.test('register → activation link → preferences → the company site, ticket redeemed', async (t) => {
  const email = 'grace.newcomer@example.com';
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  page.setDefaultTimeout(15_000);
  const callback = site.callbackUrl({ campaign: 'spring' });

  await page.goto(callback);
  await page.getByRole('link', { name: 'Sign in with your member account' }).click();
  await page.waitForURL((url) => url.pathname === '/en/login');
  await page.getByRole('link', { name: text('login.signUp') }).click();
  await page.waitForURL((url) => url.pathname === '/en/register' && url.searchParams.get('callbackurl') === callback);

  await fillAccount(page, text, { firstName: 'Grace', lastName: 'Newcomer', email });
  await fillCompanyWithMobile(page, text, 'Compilers Inc');
  await consentWithoutNewsletter(page, text);
  await page.getByRole('button', { name: text('register.submit') }).click();
  await page.waitForURL((url) => url.pathname === '/en/verify-your-email-address');

  const link = findLink(await waitForMail(stack.dataDir, email), '/auth/activate-member/');
  t.ok(link, 'the activation link is in the outbox');
  await page.goto(link!);
  await page.getByRole('heading', { name: text('activation.activate.successTitle') }).waitFor();
  // The button names the site that waits (by its host here: no name is configured for it).
  await page.getByRole('button', { name: text('activation.activate.continueTo', { site: new URL(callback).host }) }).click();
  await page.waitForURL((url) => url.pathname === '/en/login' && url.searchParams.get('callbackurl') === callback);
  t.pass('the way back to the site survived registration and activation');
  t.same(site.redemptions, [], 'no ticket yet: activating is not signing in');

  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/en/choosing-preferring');
  const areas = page.getByRole('group', { name: text('preferring.areas') });
  await areas.getByRole('checkbox').first().waitFor();
  t.equal(new URL(page.url()).pathname, '/en/choosing-preferring', 'the new member is asked for preferences');
  await page
    .getByRole('group', { name: text('preferring.products') })
    .getByRole('checkbox')
    .first()
    .check();
  await areas.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: text('preferring.submit') }).click();

  await page.getByRole('heading', { name: `Signed in as ${email}` }).waitFor();
  t.equal(site.redemptions.length, 1, 'one ticket reached the site');
  const [redemption] = site.redemptions;
  t.match(
    redemption,
    { query: { campaign: 'spring', id: /.+/, tempid: /.+/ }, status: 200, reply: { isSuccess: true, code: 'ok' } },
    'redeemed at CheckGoToProfile',
  );
  t.match(redemption!.reply.data, { userId: email, firstName: 'Grace', lastName: 'Newcomer' }, 'the site learns who arrived');
});
