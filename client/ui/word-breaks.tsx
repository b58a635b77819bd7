import { Fragment, useMemo } from 'react';
import { useLanguage } from '../session/language-context.ts';

/** Latin letters and digits ("PC", "OS", "5G") stay with the word before them: never "PC" alone on a line. */
const LATIN = /^[A-Za-z0-9]/;

const segmenters = new Map<string, Intl.Segmenter>();

/** The text's words, as the browser's own Japanese dictionary divides them; undefined without Intl.Segmenter. */
function wordsOf(text: string): string[] | undefined {
  if (typeof Intl.Segmenter !== 'function') return undefined;
  let segmenter = segmenters.get('ja');
  if (!segmenter) segmenters.set('ja', (segmenter = new Intl.Segmenter('ja', { granularity: 'word' })));
  const pieces: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    const last = pieces.length - 1;
    if (last >= 0 && LATIN.test(segment) && !/\s$/.test(pieces[last]!)) pieces[last] += segment;
    else pieces.push(segment);
  }
  return pieces;
}

/**
 * A short name (an option, a chip) that may wrap only between its words in Japanese: a long
 * katakana compound such as ファクトリーオートメーション breaks as ファクトリー / オートメーション,
 * never leaving ン alone, and タッチパネルPC keeps "PC" with パネル. The names are joined with
 * word-break opportunities (<wbr>) and laid out with `word-break: keep-all` (.word-breaks), so
 * a break falls nowhere else; a word longer than the whole line still wraps (overflow-wrap).
 * Other languages wrap as their own rules say and get the text as it is.
 */
export function WordBreaks({ text }: { text: string }) {
  const lang = useLanguage();
  const words = useMemo(() => (lang === 'ja-jp' ? wordsOf(text) : undefined), [lang, text]);
  if (!words) return <>{text}</>;
  return (
    <span className="word-breaks">
      {words.map((word, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {word}
        </Fragment>
      ))}
    </span>
  );
}
