import t from 'tap';
import { isChina, isJapan, isKorea, isTurkey, requiresState, STATE_REQUIRED_COUNTRIES } from '../../shared/rules/countries.ts';
import { LANGUAGE_CODES, LANGUAGES } from '../../shared/languages.ts';
import type { CountryRecord, OptionRecord } from '../../shared/schemas/info.ts';
import { startMemberService } from './service.ts';

t.test('countries', async (t) => {
  const service = await startMemberService(t);
  const english = (await service.call<CountryRecord[]>('GET', '/api/info/V2/Countries/false')).body.data!;
  const chinese = (await service.call<CountryRecord[]>('GET', '/api/info/V2/Countries/true')).body.data!;
  t.ok(english.length > 240, 'the whole world');
  t.equal(chinese.length, english.length);
  const byName = new Map(english.map((c) => [c.name, c]));

  t.ok(english.some((c) => isChina(c.name)) && english.some((c) => isJapan(c.name)), 'China and Japan by the shared helpers');
  t.ok(
    english.some((c) => isKorea(c.name)),
    'South Korea by the shared helper',
  );
  t.ok(
    english.some((c) => isTurkey(c.name)),
    'Turkey by the shared helper',
  );
  t.notOk(
    english.some((c) => c.name.toLowerCase().includes('korea') && c.code === 'KP' && isKorea(c.name)),
    'North Korea is not Korea',
  );
  for (const name of STATE_REQUIRED_COUNTRIES) {
    const country = english.find((c) => c.name.toLowerCase() === name);
    t.ok(country && country.states.length > 0, `${name} exists and has states`);
  }
  t.ok(
    english.filter((c) => c.states.length > 0).every((c) => requiresState(c.name)),
    'only those six have states',
  );
  t.ok(byName.get('United States')!.states.includes('California'));
  t.ok(byName.get('Japan')!.states.some((s) => s.startsWith('Tokyo')));
  t.match(byName.get('United States'), { code: 'US', phoneCode: '1', region: 'North America', label: 'United States' });
  t.match(byName.get('Germany'), { phoneCode: '49', region: 'Europe' });
  t.match(byName.get('Taiwan'), { phoneCode: '886', region: 'Asia' });
  t.same([...new Set(english.map((c) => c.region))].sort(), [
    'Africa',
    'Antarctica',
    'Asia',
    'Europe',
    'North America',
    'Oceania',
    'South America',
  ]);

  const sorted = [...english].sort((a, b) => a.label.localeCompare(b.label, 'en'));
  t.same(
    english.map((c) => c.code),
    sorted.map((c) => c.code),
    'sorted by label',
  );
  const chinaZh = chinese.find((c) => c.code === 'CN')!;
  t.match(chinaZh, { name: 'China', label: '中国' }, 'the name stays English, the label is Simplified Chinese');
  t.ok(
    chinese.every((c) => /[\u4e00-\u9fff]/.test(c.label)),
    'every label is in Chinese',
  );

  const bad = await service.call('GET', '/api/info/V2/Countries/maybe');
  t.same([bad.status, bad.body.code], [400, 'FormValidateFail']);
});

const SCRIPTS: Partial<Record<string, RegExp>> = {
  'zh-tw': /[\u4e00-\u9fff]/,
  'zh-cn': /[\u4e00-\u9fff]/,
  'ja-jp': /[\u3040-\u30ff\u4e00-\u9fff]/,
  'ko-kr': /[\uac00-\ud7af]/,
};

function flatten(options: OptionRecord[]): OptionRecord[] {
  return options.flatMap((o) => [o, ...flatten(o.childOptions ?? [])]);
}

t.test('option trees in every language', async (t) => {
  const service = await startMemberService(t);
  for (const category of [0, 1]) {
    const trees = new Map<string, OptionRecord[]>();
    for (const lang of LANGUAGES) {
      const reply = await service.call<OptionRecord[]>('GET', `/api/info/option/${category}/${LANGUAGE_CODES[lang]}`);
      trees.set(lang, reply.body.data!);
    }
    const english = flatten(trees.get('en')!);
    t.ok(english.length >= 30, `category ${category} is a real taxonomy`);
    t.ok(trees.get('en')!.filter((o) => o.childOptions?.length).length >= 6, 'with two levels');
    t.equal(new Set(english.map((o) => o.value)).size, english.length, 'values are unique');
    t.ok(
      english.every((o) => /^[a-z0-9.-]+$/.test(o.value)),
      'values are stable identifiers',
    );
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const translated = flatten(trees.get(lang)!);
      t.same(
        translated.map((o) => o.value),
        english.map((o) => o.value),
        `${lang}: the same values`,
      );
      const script = SCRIPTS[lang];
      if (script)
        t.same(
          translated.filter((o) => !script.test(o.text)),
          [],
          `${lang}: every text is written in the language`,
        );
      t.ok(
        translated.every((o) => o.text.trim() !== ''),
        `${lang}: no empty text`,
      );
    }
    const traditional = flatten(trees.get('zh-tw')!);
    const simplified = flatten(trees.get('zh-cn')!);
    t.ok(
      traditional.filter((o, i) => o.text !== simplified[i]!.text).length > english.length * 0.5,
      'Traditional and Simplified Chinese differ',
    );
    const spanish = flatten(trees.get('es-es')!);
    t.ok(spanish.filter((o, i) => o.text !== english[i]!.text).length > english.length * 0.8, 'Spanish differs from English');
  }
  const products = (await service.call<OptionRecord[]>('GET', '/api/info/option/1/2')).body.data!;
  t.match(
    products.find((o) => o.value === 'edge-ai'),
    { text: 'エッジAI' },
  );
  for (const url of ['/api/info/option/2/0', '/api/info/option/0/6', '/api/info/option/x/0']) {
    t.equal((await service.call('GET', url)).status, 400, url);
  }
});
