import t from 'tap';
import type { Page } from 'playwright-core';
import { languageTag } from '../../shared/language-tag.ts';
import type { Language } from '../../shared/languages.ts';
import { createActiveMember, startStack } from '../helper.ts';
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

/** Whether labels are in the order the language's collation sorts them (compared in the page's own ICU). */
async function sortedFor(page: Page, lang: Language, labels: string[]): Promise<boolean> {
  return page.evaluate(
    ({ tag, labels }) => {
      const collator = new Intl.Collator(tag);
      return labels.every((label, i) => i === 0 || collator.compare(labels[i - 1]!, label) <= 0);
    },
    { tag: languageTag(lang), labels },
  );
}

/** The labels of the text inputs of a form, in page order. */
async function textInputLabels(page: Page): Promise<string[]> {
  return page
    .locator('input[type=text]')
    .evaluateAll((inputs: HTMLInputElement[]) => inputs.map((input) => input.labels?.[0]?.firstChild?.textContent ?? ''));
}

async function shownErrors(page: Page): Promise<number> {
  return (await page.locator('.field__error').count()) + (await page.locator('[aria-invalid="true"]').count());
}

const COUNTRY_NAMES: Partial<Record<Language, Record<string, string>>> = {
  'ja-jp': { Japan: '日本', Germany: 'ドイツ', 'United States': 'アメリカ合衆国', 'South Korea': '韓国' },
  'es-es': { Japan: 'Japón', Germany: 'Alemania', 'United States': 'Estados Unidos', 'South Korea': 'Corea del Sur' },
};

/** Two countries whose order in the language is the reverse of their English order. */
const REORDERED: Partial<Record<Language, [string, string]>> = {
  'ja-jp': ['United States', 'Germany'], // アメリカ合衆国 before ドイツ
  'es-es': ['Germany', 'Austria'], // Alemania before Austria
};

// One portal and one browser for the file: each test has a context (cookies) and members of its own.
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);

t.test('register in Japanese and Spanish: names in the language order, countries in the language, no early errors', async (t) => {
  const page = await (await newContext(browser, stack.bffUrl)).newPage();

  for (const lang of ['ja-jp', 'es-es'] as const) {
    const text = textsOf(lang);
    await page.goto(`/${lang}/register`);
    await page.getByRole('heading', { name: text('register.title') }).waitFor();
    const country = exactLabel(text('register.country'));
    await page.waitForFunction(
      () => ((document.querySelector('select[autocomplete="country-name"]') as HTMLSelectElement | null)?.options.length ?? 0) > 100,
    );
    t.equal(await shownErrors(page), 0, `${lang}: no error before the visitor did anything`);

    const names = (await textInputLabels(page)).filter((label) => [text('register.firstName'), text('register.lastName')].includes(label));
    t.same(
      names,
      lang === 'ja-jp' ? [text('register.lastName'), text('register.firstName')] : [text('register.firstName'), text('register.lastName')],
      `${lang}: name fields in the language's order`,
    );

    const countries = await optionsOf(page, country);
    const byValue = new Map(countries.map((option) => [option.value, option.label]));
    for (const [stored, shown] of Object.entries(COUNTRY_NAMES[lang]!))
      t.equal(byValue.get(stored), shown, `${lang}: ${stored} is shown as ${shown}`);
    t.ok(
      await sortedFor(
        page,
        lang,
        countries.map((option) => option.label),
      ),
      `${lang}: countries sorted by ${languageTag(lang)} collation`,
    );
    const [before, after] = REORDERED[lang]!;
    const at = (value: string) => countries.findIndex((option) => option.value === value);
    t.ok(at(before) < at(after), `${lang}: ${before} comes before ${after}, unlike in English`);

    await page.getByLabel(country).selectOption({ value: 'Japan' });
    await page.getByLabel(exactLabel(text('register.state'))).waitFor();
    t.pass(`${lang}: choosing ${COUNTRY_NAMES[lang]!.Japan} stores Japan, whose members must pick a state`);
    await page.getByRole('checkbox', { name: text('register.privacy.japan.label') }).waitFor();
    t.pass(`${lang}: and Japan's privacy consent shows`);

    await page.getByRole('radio', { name: text('register.phoneChoice.mobile') }).check();
    const codes = await optionsOf(page, exactLabel(text('register.mobileCountryCode')));
    t.equal(
      codes.find((option) => option.value === '81')?.label,
      `${COUNTRY_NAMES[lang]!.Japan} +81`,
      `${lang}: calling codes are named in the language`,
    );
    t.ok(
      await sortedFor(
        page,
        lang,
        codes.map((option) => option.label),
      ),
      `${lang}: calling codes sorted by ${languageTag(lang)} collation`,
    );
  }
});

t.test('My Profile in Japanese: family name first, the stored country in Japanese, no errors on opening', async (t) => {
  const member = await createActiveMember(stack);
  const page = await (await newContext(browser, stack.bffUrl)).newPage();

  for (const lang of ['ja-jp', 'en'] as const) {
    const text = textsOf(lang);
    // Signed in through the portal's API: the login form is not the subject here.
    if (lang === 'ja-jp') await signInByApi(page.context(), member);
    await page.goto(`/${lang}/my-account`);
    await page.getByRole('heading', { name: text('account.profile.title') }).waitFor();
    const country = page.getByLabel(exactLabel(text('account.profile.country')));
    // The member and the country list arrive by separate reads; until the list is there, the
    // select shows the stored value as it is (ui/select-field.tsx). Wait for both.
    await page.waitForFunction(
      (select) => (select as HTMLSelectElement).value === 'Germany' && (select as HTMLSelectElement).options.length > 100,
      await country.elementHandle(),
    );
    t.equal(
      await country.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text),
      lang === 'ja-jp' ? 'ドイツ' : 'Germany',
      `${lang}: the stored Germany is shown in the language`,
    );
    t.equal(await country.inputValue(), 'Germany', `${lang}: the value stays the canonical name`);

    const firstName = exactLabel(text('account.profile.firstName'));
    const lastName = exactLabel(text('account.profile.lastName'));
    const names = (await textInputLabels(page)).filter((label) => firstName.test(label) || lastName.test(label));
    t.same(
      names,
      lang === 'ja-jp'
        ? [text('account.profile.lastName'), text('account.profile.firstName')]
        : [text('account.profile.firstName'), text('account.profile.lastName')],
      `${lang}: name fields in the language's order`,
    );
    t.equal(await page.getByLabel(lastName).inputValue(), 'Lovelace');
    // The member has chosen no products or business areas yet: still nothing is red until they act.
    t.equal(await shownErrors(page), 0, `${lang}: My Profile opens without errors`);
  }

  const text = textsOf('en');
  await page.getByLabel(exactLabel(text('account.profile.companyName'))).fill('Difference Engines Ltd');
  await page.getByRole('button', { name: text('account.profile.save') }).click();
  await page.getByText(text('error.QuestionRequired')).first().waitFor();
  t.pass('saving shows the questions still to answer');
});
