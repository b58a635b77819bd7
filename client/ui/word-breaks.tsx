import { Fragment, useMemo } from 'react';
import { useLanguage } from '../session/language-context.ts';

/** Latin letters and digits ("PC", "OS", "5G") stay with the word before them: never "PC" alone on a line. */
const LATIN = /^[A-Za-z0-9]/;
/** A scrap of katakana (リー of ファクトリー, as the dictionary may cut it) is no word to start a line with. */
const KATAKANA_SCRAP = /^[\u30a0-\u30ff]{1,2}$/;
/** Nor is one kanji after kanji: the suffix of a compound (用 of 産業用). */
const KANJI = /\p{Script=Han}/u;

const segmenters = new Map<string, Intl.Segmenter>();

/**
 * The text's words, as the browser's own Japanese dictionary divides them, with what may not
 * start a line joined to the word before it: punctuation (・), Latin letters and digits, scraps
 * of katakana and one-kanji suffixes. Undefined without Intl.Segmenter.
 */
export function wordsOf(text: string): string[] | undefined {
  if (typeof Intl.Segmenter !== 'function') return undefined;
  let segmenter = segmenters.get('ja');
  if (!segmenter) segmenters.set('ja', (segmenter = new Intl.Segmenter('ja', { granularity: 'word' })));
  const pieces: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    const last = pieces.length - 1;
    const before = pieces[last] ?? '';
    const suffix = segment.length === 1 && KANJI.test(segment) && KANJI.test(before.slice(-1));
    const joins = last >= 0 && !/\s$/.test(before) && (!isWordLike || LATIN.test(segment) || KATAKANA_SCRAP.test(segment) || suffix);
    if (joins && !/^\s/.test(segment)) pieces[last] += segment;
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
