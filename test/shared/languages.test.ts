import t from 'tap';
import { LANGUAGE_CODES, languageFromCode, negotiateLanguage, toLanguage } from '../../shared/languages.ts';

t.test('unknown locales fall back to English', async (t) => {
  t.equal(toLanguage('ZH-TW'), 'zh-tw');
  t.equal(toLanguage('fr'), 'en');
  t.equal(toLanguage(undefined), 'en');
});

t.test('browser preferences pick the starting language', async (t) => {
  t.equal(negotiateLanguage(['ja', 'en-US']), 'ja-jp');
  t.equal(negotiateLanguage(['zh-Hant-TW']), 'zh-tw');
  t.equal(negotiateLanguage(['zh-CN']), 'zh-cn');
  t.equal(negotiateLanguage(['zh']), 'zh-cn');
  t.equal(negotiateLanguage(['es-MX']), 'es-es');
  t.equal(negotiateLanguage(['fr-FR', 'de']), 'en');
  t.equal(negotiateLanguage(['ko-KR;q=0.9']), 'ko-kr');
});

t.test('numeric language codes round-trip', async (t) => {
  for (const [lang, code] of Object.entries(LANGUAGE_CODES)) t.equal(languageFromCode(code), lang);
  t.equal(languageFromCode(42), undefined);
});
