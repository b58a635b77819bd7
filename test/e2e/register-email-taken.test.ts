import t from 'tap';
import { createActiveMember, startStack } from '../helper.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * Register asks the server about an address once the member leaves the e-mail field: a taken
 * one is refused on the field at once, and a changed address is asked about afresh.
 */
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);
const text = textsOf('en');

t.test('a taken address is refused on the field once it is left', async (t) => {
  const member = await createActiveMember(stack);
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  await page.goto('/en/register');
  const email = page.getByLabel(exactLabel(text('register.email')));
  await email.fill(member.email);
  await page.getByLabel(exactLabel(text('register.firstName'))).focus();
  await page.getByText(text('error.EmailExists')).waitFor();
  t.equal(await email.getAttribute('aria-invalid'), 'true', 'the field is marked invalid');

  await email.fill(`free-${Date.now()}@example.com`);
  await page.getByLabel(exactLabel(text('register.firstName'))).focus();
  await page.getByText(text('error.EmailExists')).waitFor({ state: 'detached' });
  t.not(await email.getAttribute('aria-invalid'), 'true', 'a free address is accepted');
});
