import t from 'tap';
import type { Browser, Page } from 'playwright-core';
import { LANGUAGES } from '../../shared/languages.ts';
import { createActiveMember, signIn, startStack, type Stack } from '../helper.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * Where the visitor is and where to look: a new screen opens at its top with its heading
 * focused, unknown addresses are a real not-found page, bare language codes land in the
 * portal's language, each screen names itself to tabs and search engines in its language, and
 * the code and deletion states say plainly what happened.
 */
const stack: Stack = await startStack(t, {
  env: { CLIENT_DIR: await builtClientDir(), ALLOWED_CALLBACK_HOSTS: 'shop.example.com', CALLBACK_SITE_NAMES: 'shop.example.com=Shop' },
});
const browser: Browser = await launchBrowser(t);

/** The app has taken over a screen painted at build time (it is inert until then). */
const appReady = (page: Page) => page.locator('#root:not([inert])').waitFor({ state: 'attached' });

async function signInThroughForm(page: Page, lang: (typeof LANGUAGES)[number], member: { email: string; password: string }) {
  const text = textsOf(lang);
  await page.goto(`/${lang}/login`);
  await appReady(page);
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL(`**/${lang}/my-account`);
}

t.test('a new screen opens at its top with the focus on its heading (phone)', async (t) => {
  const text = textsOf('en');
  const page = await (await newContext(browser, stack.bffUrl, 'en-US', true)).newPage();
  await page.goto('/en/login');
  await appReady(page);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  t.ok((await page.evaluate(() => window.scrollY)) > 0, 'the sign-in page was scrolled down');
  await page.getByRole('link', { name: text('login.signUp') }).click();
  const heading = page.getByRole('heading', { level: 1, name: text('register.title') });
  await heading.waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  t.ok(await heading.evaluate((el) => el === document.activeElement), 'the new heading has the focus (a screen reader announces it)');
  t.equal(await page.evaluate(() => window.scrollY), 0, 'the new screen starts at its top');
  const box = await heading.boundingBox();
  t.ok(box && box.y >= 0 && box.y < 740, 'its heading is in view');
  t.equal(await page.title(), `${text('register.title')} · ${text('common.brand')}`, 'and the title names the screen');

  await page
    .getByRole('link', { name: text('register.login'), exact: true })
    .first()
    .click();
  await page.getByRole('heading', { level: 1, name: text('login.title') }).waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  t.equal(await page.evaluate(() => window.scrollY), 0, 'and back to sign-in, again at the top');
});

t.test('each screen names itself and is described in its language, and the app keeps both in step', async (t) => {
  for (const lang of LANGUAGES) {
    const text = textsOf(lang);
    const page = await (await newContext(browser, stack.bffUrl, lang)).newPage();
    await page.goto(`/${lang}/login`);
    await appReady(page);
    const described = () => page.locator('meta[name="description"]').getAttribute('content');
    t.equal(await page.title(), `${text('login.title')} · ${text('common.brand')}`, `${lang}: the sign-in title`);
    t.equal(await described(), text('common.meta.login'), `${lang}: the sign-in description`);
    t.equal(
      await page.locator('meta[property="og:description"]').getAttribute('content'),
      text('common.meta.login'),
      `${lang}: the link preview's`,
    );
    await page.getByRole('link', { name: text('login.forgotPassword') }).click();
    await page.getByRole('heading', { level: 1, name: text('password.forgot.title') }).waitFor();
    await page.waitForFunction((title) => document.title === title, `${text('password.forgot.title')} · ${text('common.brand')}`);
    t.equal(await described(), text('common.meta.forgotPassword'), `${lang}: the next screen's description`);
    await page.context().close();
  }
});

t.test('an unknown address is a localized not-found screen with status 404, for visitors and members', async (t) => {
  const ja = textsOf('ja-jp');
  const visitor = await (await newContext(browser, stack.bffUrl, 'ja-JP')).newPage();
  const response = await visitor.goto('/ja-jp/no-such-screen?utm_source=x');
  t.equal(response?.status(), 404, 'answered 404');
  await visitor.getByRole('heading', { level: 1, name: ja('common.notFound.title') }).waitFor();
  t.equal(await visitor.title(), `${ja('common.notFound.title')} · ${ja('common.brand')}`);
  t.equal(await visitor.locator('input[type="password"]').count(), 0, 'no sign-in form in its place');
  await visitor.getByRole('link', { name: ja('common.notFound.toLogin') }).click();
  await visitor.waitForURL('**/ja-jp/login?utm_source=x');

  const file = await visitor.goto('/wp-login.php');
  t.equal(file?.status(), 404, 'a file-like address too');
  await visitor.getByRole('heading', { level: 1, name: ja('common.notFound.title') }).waitFor();
  t.pass("in the browser's language, not a bare English line");

  const member = await createActiveMember(stack);
  const en = textsOf('en');
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  await signInThroughForm(page, 'en', member);
  const signedIn = await page.goto('/en/my-acount');
  t.equal(signedIn?.status(), 404);
  await page.getByRole('heading', { level: 1, name: en('common.notFound.title') }).waitFor();
  await page.getByRole('link', { name: en('common.notFound.toAccount') }).click();
  await page.waitForURL('**/en/my-account');
  t.pass('a signed-in member is led back to My account');
});

t.test('bare language codes land in the portal language, Chinese by script or region', async (t) => {
  const cases: Array<[string, string, RegExp]> = [
    ['/es/', 'en-US', /\/es-es\/login$/],
    ['/ja/', 'en-US', /\/ja-jp\/login$/],
    ['/ko/register', 'en-US', /\/ko-kr\/register$/],
    ['/zh/', 'zh-TW', /\/zh-tw\/login$/],
    ['/zh/', 'en-US', /\/zh-cn\/login$/],
    ['/fr/login', 'es-ES', /\/es-es\/login$/],
  ];
  for (const [path, locale, expected] of cases) {
    const page = await (await newContext(browser, stack.bffUrl, locale)).newPage();
    await page.goto(path);
    await page.waitForURL(expected);
    t.pass(`${path} with a ${locale} browser: ${new URL(page.url()).pathname}`);
    await page.context().close();
  }
});

t.test('a text code says where to look and offers the e-mail code when no proven number can be named', async (t) => {
  const member = await createActiveMember(stack);
  const text = textsOf('en');
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  await page.goto('/en/login');
  await appReady(page);
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByRole('button', { name: text('login.code.switch') }).click();
  await page.getByRole('radio', { name: text('login.code.byPhone') }).check();
  await page.getByRole('button', { name: text('login.code.getCode') }).click();
  // The member has no proven number: the portal either says so, or answers as it would for any
  // account without naming a number. Either way the e-mail code is one press away.
  const useEmail = page.getByRole('button', { name: text('login.code.useEmail') });
  await useEmail.waitFor();
  await page.getByText(text('login.code.phoneNeedsProof')).waitFor();
  t.equal(await page.getByText(/ending in \d/).count(), 0, 'no number is named');
  await useEmail.click();
  await page.getByRole('heading', { level: 1, name: text('login.code.checkEmail') }).waitFor();
  await page.getByText(text('login.code.sentToEmail', { userId: member.email })).waitFor();
  t.pass('"Check your e-mail": the code went to the account\'s address');
});

t.test('a pending deletion is a banner at the top of My account with the date and Restore', async (t) => {
  const member = await createActiveMember(stack);
  const api = await signIn(stack, member);
  const deleted = await api.delete('/api/member');
  t.equal(deleted.body?.isSuccess, true, 'deletion requested');
  const text = textsOf('zh-tw');
  const page = await (await newContext(browser, stack.bffUrl, 'zh-TW', true)).newPage();
  await signInThroughForm(page, 'zh-tw', member);
  const banner = page.getByRole('region', { name: text('account.restore.bannerTitle') });
  await banner.waitFor();
  const first = await page.evaluate(() => {
    const banner = document.querySelector('.deletion-banner');
    const layout = document.querySelector('.account__layout');
    return Boolean(banner && layout && banner.compareDocumentPosition(layout) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  t.ok(first, 'above the sections');
  t.equal(await page.locator('#connected-accounts').count(), 0, 'no provider configured: no Connected accounts section');
  t.equal(await page.locator('a[href="#connected-accounts"]').count(), 0, 'nor its menu entry');
  const bannerBox = await banner.boundingBox();
  t.ok(bannerBox && bannerBox.y < 740, 'in view on a phone without scrolling');
  const intro = (await banner.locator('p').textContent()) ?? '';
  t.match(intro.replaceAll('\u2060', ''), /\d{4}年\d{1,2}月\d{1,2}日/, `the deletion date: ${intro.replaceAll('\u2060', '')}`);
  const dateLine = await banner.locator('p').evaluate((p) => {
    const range = document.createRange();
    const text = p.firstChild!;
    const content = text.textContent ?? '';
    const start = content.search(/\d/);
    const end = content.lastIndexOf('日') + 1;
    range.setStart(text, start);
    range.setEnd(text, end);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  t.equal(dateLine, 1, 'the date stays on one line');
  await banner.getByRole('button', { name: text('account.restore.button') }).click();
  await banner.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: text('account.delete.title') }).waitFor();
  t.pass('Restore takes the banner away and Delete is offered again');
});

t.test("a company site's visitor gets the drawn sign-in at once and reads where signing in leads", async (t) => {
  const text = textsOf('es-es');
  const page = await (await newContext(browser, stack.bffUrl, 'es-ES')).newPage();
  const response = await page.goto('/es-es/login?callbackurl=https%3A%2F%2Fshop.example.com%2Fcart');
  t.match(await response?.text(), /<h1 id="login-title">/, 'the screen drawn at build time, whatever the query');
  await page.getByText(text('login.continueTo', { site: 'Shop' })).waitFor();
  t.pass('"para continuar en Shop" under the heading');
});
