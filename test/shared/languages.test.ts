import t from 'tap';
import { LANGUAGE_CODES, languageFromCode, languageOfSegment, negotiateLanguage, toLanguage } from '../../shared/languages.ts';

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

t.test('a bare or foreign language code in an address maps to a portal language', async (t) => {
  t.equal(languageOfSegment('es', ['en-US']), 'es-es');
  t.equal(languageOfSegment('ja', []), 'ja-jp');
  t.equal(languageOfSegment('ko', ['fr']), 'ko-kr');
  t.equal(languageOfSegment('EN-us', []), 'en');
  t.equal(languageOfSegment('zh', ['zh-Hant-TW', 'en']), 'zh-tw', "a bare zh follows the browser's script");
  t.equal(languageOfSegment('zh', ['zh-HK']), 'zh-tw', 'or its region');
  t.equal(languageOfSegment('zh', ['en']), 'zh-cn');
  t.equal(languageOfSegment('zh-hant', []), 'zh-tw');
  t.equal(languageOfSegment('fr', ['ja-JP', 'en']), 'ja-jp', "a language the portal lacks: the browser's preference");
  t.equal(languageOfSegment('xx', []), 'en');
  t.equal(languageOfSegment('favicon.ico', ['ja']), undefined, 'not a language tag: not a page');
  t.equal(languageOfSegment('wp-login.php', []), undefined);
  t.equal(languageOfSegment('wordpress', []), undefined);
});
