import t from 'tap';
import { startStack } from '../../helper.ts';
import { launchBrowser, newContext } from '../../e2e/browser.ts';
import { builtClientDir } from '../../e2e/client-build.ts';
import { textsOf } from '../../e2e/texts.ts';

/*
 * The header logo used to lead back to any referring page, so a phishing page that links to the
 * portal's login became the target of the portal's own logo. It leads back only to a page the
 * callback allow-list accepts.
 */
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir(), ALLOWED_CALLBACK_HOSTS: 'shop.example.com' } });
const browser = await launchBrowser(t);
const text = textsOf('en');

async function logoAfterArrivingFrom(referer: string): Promise<string | null> {
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  // The allow-list's answer arrives after the first paint: wait until it has been asked.
  const asked = page.waitForResponse((response) => response.url().includes('/api/Member/BackToSite'));
  await page.goto('/en/login', { referer });
  await asked;
  await page.getByRole('heading', { name: text('login.title') }).waitFor();
  await page.waitForTimeout(100);
  return page.getByRole('link', { name: text('common.brand') }).getAttribute('href');
}

t.test('a referring page off the allow-list never becomes the logo’s target', async (t) => {
  for (const phishing of ['https://evil.example/login-help', 'https://shop.example.com.evil.example/', 'http://127.0.0.2:9/fake']) {
    t.equal(await logoAfterArrivingFrom(phishing), 'https://www.example.com/en', phishing);
  }
});

t.test('a listed company site is led back to', async (t) => {
  t.equal(await logoAfterArrivingFrom('https://shop.example.com/cart?x=1'), 'https://shop.example.com/cart?x=1');
});
