import t from 'tap';
import { createElement as h } from 'react';
import { installDom } from './dom.ts';

// Japanese option names wrap only between words (client/ui/word-breaks.tsx).
await installDom(t, 'http://localhost:3000/ja-jp/my-account');
const { render, cleanup } = await import('@testing-library/react');
const { WordBreaks, wordsOf } = await import('../../../client/ui/word-breaks.tsx');
const { LanguageContext } = await import('../../../client/session/language-context.ts');
t.afterEach(() => cleanup());

t.test('the pieces between which a Japanese name may wrap', async (t) => {
  t.same(
    wordsOf('ファクトリーオートメーション'),
    ['ファクトリー', 'オートメーション'],
    'never ン alone; a katakana scrap stays with its word',
  );
  t.same(
    wordsOf('産業用ディスプレイ・パネルPC'),
    ['産業用', 'ディスプレイ・', 'パネルPC'],
    'PC stays with パネル, ・ ends its line, 用 its compound',
  );
  t.same(wordsOf('ワークステーション'), ['ワークステーション'], 'one word: no break at all');
  t.equal(wordsOf('ファクトリーオートメーション')!.join(''), 'ファクトリーオートメーション', 'nothing is lost');
});

t.test('drawn with a break opportunity between words in Japanese, as it is elsewhere', async (t) => {
  const ja = render(h(LanguageContext.Provider, { value: 'ja-jp' }, h(WordBreaks, { text: 'タッチパネルPC' })));
  t.equal(ja.container.innerHTML, '<span class="word-breaks">タッチ<wbr>パネルPC</span>');
  cleanup();
  const zh = render(h(LanguageContext.Provider, { value: 'zh-tw' }, h(WordBreaks, { text: '觸控平板電腦' })));
  t.equal(zh.container.innerHTML, '觸控平板電腦', 'Chinese and the others: the text as it is');
});
