import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { checkStateNames, readStateNames, STATE_NAMES_DIR } from '../../scripts/check-state-names.ts';
import { countryList } from '../../server/member-service/data/countries.ts';
import { languageTag } from '../../shared/language-tag.ts';
import { LANGUAGES, type Language } from '../../shared/languages.ts';
import { stateChoices, type StateChoice } from '../../shared/geo/state-names.ts';

const countries = countryList(false).filter((country) => country.states.length > 0);
const statesOf = (code: string) => countries.find((country) => country.code === code)!.states;

async function choices(lang: Language, code: string): Promise<StateChoice[]> {
  return stateChoices(code, statesOf(code), lang, readStateNames(lang));
}

const sortedFor = (lang: Language, labels: string[]) => {
  const collator = new Intl.Collator(languageTag(lang));
  return labels.every((label, i) => i === 0 || collator.compare(labels[i - 1]!, label) <= 0);
};

t.test('every language names every state of the six countries the member service lists', async (t) => {
  t.same(countries.map((country) => country.code).sort(), ['AU', 'CA', 'CN', 'JP', 'MX', 'US'], 'the countries whose members pick a state');
  t.same(checkStateNames(), [], 'no state without a name, none extra, no two alike');
});

t.test('the check reports a missing, an extra and a doubled name', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'state-names-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  await cp(STATE_NAMES_DIR, dir, { recursive: true });
  const file = path.join(dir, 'ja-jp.json');
  const names = JSON.parse(await readFile(file, 'utf8')) as Record<string, Record<string, string>>;
  delete names.JP!.Tokyo;
  names.JP!.Edo = '江戸';
  names.US!.Virginia = names.US!['West Virginia']!;
  await writeFile(file, JSON.stringify(names));
  t.same(checkStateNames(dir).sort(), [
    'ja-jp: extra JP state "Edo"',
    'ja-jp: no name for JP state "Tokyo"',
    'ja-jp: two US states are both named "ウェストバージニア州"',
  ]);
});

t.test('the labels are the language names, the values the canonical names', async (t) => {
  const japan = await choices('ja-jp', 'JP');
  t.equal(japan.length, 47);
  t.same(
    japan.find((choice) => choice.label === '東京都'),
    { value: 'Tokyo', label: '東京都' },
  );
  t.same(
    japan.find((choice) => choice.label === '北海道'),
    { value: 'Hokkaidō Prefecture', label: '北海道' },
  );
  t.same(
    [japan[0]!.label, japan[1]!.label, japan.at(-1)!.label],
    ['北海道', '青森県', '沖縄県'],
    'ja-jp: prefectures north to south (JIS X 0401), as Japanese forms list them',
  );

  const unitedStates = new Map((await choices('es-es', 'US')).map((choice) => [choice.value, choice.label]));
  t.equal(unitedStates.get('New Mexico'), 'Nuevo México');
  t.equal(unitedStates.get('North Carolina'), 'Carolina del Norte');
  t.equal(unitedStates.get('Texas'), 'Texas', 'es-es: names Spanish keeps stay English');
  t.equal((await choices('es-es', 'MX')).find((choice) => choice.value === 'Nuevo León')?.label, 'Nuevo León', "Mexico's own names");

  const china = new Map((await choices('zh-cn', 'CN')).map((choice) => [choice.value, choice.label]));
  t.equal(china.get('Guangdong'), '广东省');
  t.equal(new Map((await choices('zh-tw', 'CN')).map((choice) => [choice.value, choice.label])).get('Guangdong'), '廣東省');
  t.equal((await choices('ko-kr', 'JP')).find((choice) => choice.value === 'Tokyo')?.label, '도쿄도');
  t.equal((await choices('ja-jp', 'US')).find((choice) => choice.value === 'California')?.label, 'カリフォルニア州');

  for (const choice of await choices('en', 'US')) t.equal(choice.label, choice.value, `en: ${choice.value} as stored`);
});

t.test("the choices are sorted by the language's collation", async (t) => {
  for (const lang of LANGUAGES) {
    for (const { code, states } of countries) {
      if (lang === 'ja-jp' && code === 'JP') continue;
      const list = await choices(lang, code);
      t.same(list.map((choice) => choice.value).sort(), [...states].sort(), `${lang} ${code}: every state, once`);
      t.ok(
        sortedFor(
          lang,
          list.map((choice) => choice.label),
        ),
        `${lang} ${code}: sorted by ${languageTag(lang)} collation`,
      );
    }
  }
  const spanish = (await choices('es-es', 'US')).map((choice) => choice.value);
  t.ok(spanish.indexOf('North Carolina') < spanish.indexOf('Colorado'), 'es-es: Carolina del Norte before Colorado, unlike in English');
  const english = (await choices('en', 'JP')).map((choice) => choice.value);
  t.ok(english.indexOf('Ōita Prefecture') < english.indexOf('Okayama Prefecture'), 'en: Ōita among the O names, not after Z');
});

t.test('a state the file does not name keeps its canonical name', async (t) => {
  const names = readStateNames('ja-jp');
  const list = stateChoices('JP', [...statesOf('JP'), 'Newland Prefecture'], 'ja-jp', names);
  t.same(list.at(-1), { value: 'Newland Prefecture', label: 'Newland Prefecture' });
  t.same(stateChoices('JP', ['Tokyo'], 'ja-jp'), [{ value: 'Tokyo', label: 'Tokyo' }], 'and so does every state before the names load');
});
