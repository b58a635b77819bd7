import t from 'tap';
import { LANGUAGES } from '../../shared/languages.ts';
import { activationLinkFor, createActiveMember, freePort, startStack } from '../helper.ts';
import { startOidcProvider } from '../helpers/oidc-provider.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';
import { consentWithoutNewsletter, fillCompanyWithMobile } from './register-form.ts';

/** Social sign-up, connect and disconnect in a real browser, with a local OpenID provider as Google. */
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const google = await startOidcProvider(
  t,
  LANGUAGES.map((lang) => `${origin}/${lang}/social-login`),
);
const stack = await startStack(t, {
  env: { PORT: String(port), PUBLIC_ORIGIN: origin, CLIENT_DIR: await builtClientDir(), ...google.env('GOOGLE') },
});
const browser = await launchBrowser(t);
const text = textsOf('en');
const continueWithGoogle = text('social.continueWith.google');

t.test('social sign-up: the provider account prefills the form, which has no password fields', async (t) => {
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  google.signInAs({ sub: 'google-grace', email: 'grace.google@example.com', name: 'Grace Hopper' });
  await page.goto('/en/login?utm_source=mail');
  await page.getByRole('button', { name: continueWithGoogle }).click();
  await page.waitForURL('**/en/register?utm_source=mail');
  await page.getByRole('heading', { name: text('social.welcome') }).waitFor();
  t.equal(await page.getByLabel(exactLabel(text('register.firstName'))).inputValue(), 'Grace');
  t.equal(await page.getByLabel(exactLabel(text('register.lastName'))).inputValue(), 'Hopper');
  t.equal(await page.getByLabel(exactLabel(text('register.email'))).inputValue(), 'grace.google@example.com');
  await page
    .getByText(text('social.signUpAccount', { provider: 'Google', name: 'Grace Hopper', email: 'grace.google@example.com' }))
    .waitFor();
  t.equal(await page.getByLabel(exactLabel(text('register.password'))).count(), 0, 'no password field');
  t.equal(await page.getByRole('button', { name: continueWithGoogle }).count(), 0, 'no sign-up buttons once signed up with a provider');

  await fillCompanyWithMobile(page, text, 'Harvard Mark I');
  await consentWithoutNewsletter(page, text);
  await page.getByRole('button', { name: text('register.submit') }).click();
  await page.waitForURL('**/en/verify-your-email-address');
  t.same(
    await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer),
    [{ event: 'site_click', item: 'membership_registration' }],
    'the registration is pushed to the data layer',
  );
  t.ok(await activationLinkFor(stack.dataDir, 'grace.google@example.com'), 'registered without a password: the verification mail is out');
});

t.test('connect and disconnect Google in Connected Accounts', async (t) => {
  const member = await createActiveMember(stack);
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  await page.goto('/en/login');
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL('**/en/my-account');

  google.signInAs({ sub: 'google-linked', email: 'linked@example.com', name: 'Linked Person' });
  const card = page.getByRole('listitem', { name: 'Google' });
  await card.getByRole('button', { name: text('account.social.connect') }).click();
  await page.waitForURL('**/en/my-account');
  await page.getByText(text('social.connected')).waitFor();
  await card.getByText('Linked Person').waitFor();
  const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' }).format(new Date());
  await card.getByText(text('account.social.since', { date: today })).waitFor();
  t.pass('the card shows the account name and the date (MMM DD, YYYY)');
  t.equal(
    await page.getByRole('listitem', { name: 'Facebook' }).getByRole('button').count(),
    0,
    'a provider the portal is not configured for offers no Connect',
  );

  const elsewhere = await (await newContext(browser, stack.bffUrl)).newPage();
  await elsewhere.goto('/en/login');
  await elsewhere.getByRole('button', { name: continueWithGoogle }).click();
  await elsewhere.waitForURL('**/en/my-account');
  await elsewhere.getByRole('heading', { name: text('account.profile.title') }).waitFor();
  t.equal(
    await elsewhere.getByLabel(text('account.security.email'), { exact: true }).inputValue(),
    member.email,
    'the connected Google account signs in as the member',
  );

  await card.getByRole('button', { name: text('account.social.disconnect') }).click();
  await page.getByText(text('social.disconnected')).waitFor();
  await card.getByText(text('account.social.notConnected')).waitFor();
  t.pass('after Disconnect the card offers Connect again');
});

t.test('the Chinese site shows no social sign-in', async (t) => {
  const page = await (await newContext(browser, stack.bffUrl, 'zh-CN')).newPage();
  await page.goto('/zh-cn/login');
  await page.getByRole('heading', { name: textsOf('zh-cn')('login.title') }).waitFor();
  t.equal(await page.getByRole('button', { name: textsOf('zh-cn')('social.continueWith.google') }).count(), 0);
  await page.goto('/en/login');
  await page.getByRole('button', { name: continueWithGoogle }).waitFor();
  t.pass('the English site shows it');
});
