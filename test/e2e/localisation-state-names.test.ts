import t from 'tap';
import type { Page } from 'playwright-core';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { languageTag } from '../../shared/language-tag.ts';
import type { Language } from '../../shared/languages.ts';
import { createActiveMember, startStack, TEST_PASSWORD } from '../helper.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { signInByApi } from './sign-in-by-api.ts';
import { exactLabel, textsOf } from './texts.ts';

interface Option {
  value: string;
  label: string;
}

/** The choices of a dropdown, without its empty "please select" entry. */
async function optionsOf(page: Page, label: RegExp): Promise<Option[]> {
  return page
    .getByLabel(label)
    .evaluate((select: HTMLSelectElement) =>
      [...select.options].filter((option) => option.value !== '').map((option) => ({ value: option.value, label: option.text })),
    );
}

/** Waits until the select labelled `label` shows `shown` for the stored `value`. */
async function waitForOption(page: Page, label: RegExp, value: string, shown: string): Promise<void> {
  const select = page.getByLabel(label);
  await select.waitFor();
  await page.waitForFunction(
    ({ value, shown }) => [...document.querySelectorAll('option')].some((option) => option.value === value && option.text === shown),
    { value, shown },
  );
}

async function sortedFor(page: Page, lang: Language, labels: string[]): Promise<boolean> {
  return page.evaluate(
    ({ tag, labels }) => {
      const collator = new Intl.Collator(tag);
      return labels.every((label, i) => i === 0 || collator.compare(labels[i - 1]!, label) <= 0);
    },
    { tag: languageTag(lang), labels },
  );
}

// One portal and one browser for the file: each test has a context (cookies) and members of its own.
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);

t.test('register in Japanese: the prefectures in Japanese, north to south, and the canonical name stored', async (t) => {
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  const text = textsOf('ja-jp');
  const email = 'hanako@example.jp';

  await page.goto('/ja-jp/register');
  await page.getByRole('heading', { name: text('register.title') }).waitFor();
  await page.getByLabel(exactLabel(text('register.lastName'))).fill('山田');
  await page.getByLabel(exactLabel(text('register.firstName'))).fill('花子');
  await page.getByLabel(exactLabel(text('register.email'))).fill(email);
  await page.getByLabel(exactLabel(text('register.password'))).fill(TEST_PASSWORD);
  await page.getByLabel(exactLabel(text('register.confirmPassword'))).fill(TEST_PASSWORD);
  await page.getByLabel(exactLabel(text('register.companyName'))).fill('山田精機株式会社');
  await page.waitForFunction(() => document.querySelectorAll('option[value="Japan"]').length > 0);
  await page.getByLabel(exactLabel(text('register.country'))).selectOption({ value: 'Japan' });

  const state = exactLabel(text('register.state'));
  await waitForOption(page, state, 'Tokyo', '東京都');
  const prefectures = await optionsOf(page, state);
  t.equal(prefectures.length, 47, 'all 47 prefectures');
  t.same(
    prefectures.map((option) => option.label).slice(0, 3),
    ['北海道', '青森県', '岩手県'],
    'listed north to south, as Japanese forms list them',
  );
  t.equal(prefectures.at(-1)?.label, '沖縄県');
  t.notOk(
    prefectures.some((option) => /Prefecture/.test(option.label)),
    'no English name is shown',
  );
  await page.getByLabel(state).selectOption({ label: '東京都' });
  t.equal(await page.getByLabel(state).inputValue(), 'Tokyo', 'choosing 東京都 selects the canonical Tokyo');

  await page.getByRole('radio', { name: text('register.phoneChoice.mobile') }).check();
  await page.getByRole('textbox', { name: text('register.mobile') }).fill('9012345678');
  await page.getByRole('checkbox', { name: text('register.privacy.japan.label') }).check();
  await page.getByRole('button', { name: text('register.submit') }).click();
  await page.waitForURL('**/ja-jp/verify-your-email-address');

  const store = await openMemberStore({ dataDir: stack.dataDir });
  t.teardown(() => store.close());
  t.match(await store.members.findByEmail(email), { country: 'Japan', state: 'Tokyo' }, 'the member record holds the canonical name');
});

t.test('My Profile in Spanish and Simplified Chinese: the states in the language, sorted by its collation', async (t) => {
  const member = await createActiveMember(stack);
  const page = await (await newContext(browser, stack.bffUrl)).newPage();

  const expected = {
    'es-es': { country: 'United States', value: 'New Mexico', shown: 'Nuevo México', before: ['North Carolina', 'Colorado'] },
    'zh-cn': { country: 'China', value: 'Guangdong', shown: '广东省', before: ['Macau SAR', 'Beijing'] },
  } as const;
  for (const lang of ['es-es', 'zh-cn'] as const) {
    const text = textsOf(lang);
    const { country, value, shown, before } = expected[lang];
    // Signed in through the portal's API: the login form is not the subject here.
    if (lang === 'es-es') await signInByApi(page.context(), member);
    await page.goto(`/${lang}/my-account`);
    await page.getByRole('heading', { name: text('account.profile.title') }).waitFor();
    await page.waitForFunction((country) => document.querySelectorAll(`option[value="${country}"]`).length > 0, country);
    await page.getByLabel(exactLabel(text('account.profile.country'))).selectOption({ value: country });

    const state = exactLabel(text('account.profile.state'));
    await waitForOption(page, state, value, shown);
    t.pass(`${lang}: ${value} is shown as ${shown}`);
    const states = await optionsOf(page, state);
    t.ok(
      await sortedFor(
        page,
        lang,
        states.map((option) => option.label),
      ),
      `${lang}: sorted by ${languageTag(lang)} collation`,
    );
    const at = (stored: string) => states.findIndex((option) => option.value === stored);
    t.ok(at(before[0]) < at(before[1]), `${lang}: ${before[0]} comes before ${before[1]}, unlike in English`);
    await page.getByLabel(state).selectOption({ label: shown });
    t.equal(await page.getByLabel(state).inputValue(), value, `${lang}: the field's value stays the canonical name`);
  }
});
