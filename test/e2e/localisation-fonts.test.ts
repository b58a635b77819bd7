import t from 'tap';
import type { Page } from 'playwright-core';
import { languageTag } from '../../shared/language-tag.ts';
import { LANGUAGES, type Language } from '../../shared/languages.ts';
import { startStack } from '../helper.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { textsOf } from './texts.ts';

/** The Noto face each language must be drawn with on this machine (fonts-noto-cjk); none for Latin. */
const CJK_FACE: Record<Language, string | undefined> = {
  en: undefined,
  'es-es': undefined,
  'ja-jp': 'Noto Sans CJK JP',
  'zh-cn': 'Noto Sans CJK SC',
  'zh-tw': 'Noto Sans CJK TC',
  'ko-kr': 'Noto Sans CJK KR',
};

/** The faces Chromium really used to draw an element's text, by glyph count (CSS.getPlatformFontsForNode). */
async function usedFonts(page: Page, selector: string): Promise<{ familyName: string; glyphCount: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return [...fonts].sort((a, b) => b.glyphCount - a.glyphCount);
}

// One portal and one browser for the file: each test has a context (cookies) and members of its own.
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);

t.test('each language is tagged and drawn with its own font', async (t) => {
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  const drawnWith = new Map<Language, string>();

  for (const lang of LANGUAGES) {
    const text = textsOf(lang);
    await page.goto(`/${lang}/login`);
    await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: text('login.title') }).waitFor();
    t.equal(await page.evaluate(() => document.documentElement.lang), languageTag(lang), `${lang}: <html lang> is the BCP 47 tag`);

    const family = await page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontFamily);
    const cjkFamilies = [...family.matchAll(/Noto Sans CJK \w+/g)].map((m) => m[0]);
    const fonts = await usedFonts(page, 'h1');
    const face = CJK_FACE[lang];
    if (face) {
      t.same(cjkFamilies, [face], `${lang}: the font list names ${face} and no other language's CJK face`);
      t.match(family, /^-apple-system, BlinkMacSystemFont, "Segoe UI"/, `${lang}: system fonts come first`);
      t.equal(fonts[0]?.familyName, face, `${lang}: the heading is drawn with ${face} (${JSON.stringify(fonts)})`);
    } else {
      t.same(cjkFamilies, [], `${lang}: no CJK face in a Latin font list`);
      t.notMatch(fonts[0]?.familyName ?? '', /CJK/, `${lang}: drawn with a Latin face (${JSON.stringify(fonts)})`);
    }
    drawnWith.set(lang, fonts[0]?.familyName ?? '');
  }
  t.equal(
    new Set(['ja-jp', 'zh-cn', 'zh-tw', 'ko-kr'].map((lang) => drawnWith.get(lang as Language))).size,
    4,
    'four CJK languages, four different faces',
  );
});

t.test('line breaking follows each language', async (t) => {
  const page = await (await newContext(browser, stack.bffUrl, 'en-US', true)).newPage();

  const style = async (lang: Language) => {
    await page.goto(`/${lang}/login`);
    // Measured once the app has taken over the screen painted at build time, with all its styles.
    await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: textsOf(lang)('login.title') }).waitFor();
    return page.locator('h1').evaluate((h1) => {
      const s = getComputedStyle(h1);
      return { wordBreak: s.wordBreak, lineBreak: s.lineBreak };
    });
  };
  t.equal((await style('ko-kr')).wordBreak, 'keep-all', 'Korean breaks between words only');
  t.equal((await style('ja-jp')).lineBreak, 'strict', 'Japanese uses strict line breaking (no line starts with a small kana)');
  t.equal((await style('en')).wordBreak, 'normal');

  // A label squeezed to exactly its own width must wrap, and the optional mark stays whole.
  const text = textsOf('zh-tw');
  await page.goto('/zh-tw/register');
  await page.getByRole('radio', { name: text('register.phoneChoice.phone') }).check();
  await page.getByLabel(text('register.telExt')).waitFor();
  const lines = await page.evaluate((labelText) => {
    const label = [...document.querySelectorAll('label')].find((l) => l.firstChild?.textContent === labelText)!;
    const words = label.firstChild as Text;
    const mark = label.querySelector('.field__optional')!.firstChild as Text;
    const range = document.createRange();
    range.selectNodeContents(words);
    label.style.display = 'block';
    label.style.width = `${range.getBoundingClientRect().width}px`;
    // (No named helper functions in here: the test loader would wrap them in a helper the page lacks.)
    const [markStart, markEnd, first] = (
      [
        [mark, 0],
        [mark, mark.length - 1],
        [words, 0],
      ] as const
    ).map(([node, from]) => {
      range.setStart(node, from);
      range.setEnd(node, from + 1);
      return range.getClientRects()[0]!.top;
    });
    return { markStart: markStart!, markEnd: markEnd!, first: first! };
  }, text('register.telExt'));
  t.ok(lines.markStart > lines.first, 'the squeezed label wraps');
  t.equal(lines.markEnd, lines.markStart, `the optional mark never breaks inside ${JSON.stringify(lines)}`);
});
