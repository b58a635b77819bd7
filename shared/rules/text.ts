/**
 * Free text: names, company, state, VAT number, address, and values carried in from links or
 * social providers. Such text ends up in mails, in Profile.csv and on company sites, so it may
 * hold only what a reader can see.
 *
 * Refused: control characters (Cc: NUL, tab, CR, LF, ...), format characters (Cf: bidi
 * embeddings, overrides and isolates, zero-width space and joiners, soft hyphen, byte-order
 * mark, tag characters), line and paragraph separators, surrogate halves, private-use and
 * non-characters, every other default-ignorable code point (Hangul fillers, combining grapheme
 * joiner, ...) and the blank Braille pattern, which all draw as nothing.
 *
 * Allowed where real text needs them: ZWJ inside an emoji sequence (👩🏽‍💻), ZWJ and ZWNJ between
 * letters of the scripts that use them (Persian, Indic), a variation selector after a visible
 * character (❤️, ideographic variants of Japanese names) and the tag letters of a subdivision
 * flag (🏴 of England). Emoji are visible and allowed.
 *
 * Written as one pattern so that the JSON schemas of both servers (format `free-text`) and the
 * forms use the same rule. Its alternatives start with disjoint characters and repeat only after
 * a joiner, so matching stays linear.
 */
const INVISIBLE = String.raw`\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Noncharacter_Code_Point}\p{Default_Ignorable_Code_Point}\u2800`;
const VARIATION_SELECTOR = String.raw`[\u180B-\u180D\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]`;
const PICTOGRAPH = String.raw`\p{Extended_Pictographic}`;
const SKIN_TONE = String.raw`\p{Emoji_Modifier}`;
const FLAG_TAGS = String.raw`[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,7}\u{E007F}`;
/** Scripts in which ZWJ/ZWNJ choose a letter's shape (Arabic for Persian, Brahmic scripts, Mongolian). */
const JOINING_SCRIPTS = 'Arab Syrc Nkoo Mong Deva Beng Guru Gujr Orya Taml Telu Knda Mlym Sinh'
  .split(' ')
  .map((script) => String.raw`\p{scx=${script}}`)
  .join('');

const EMOJI = `${PICTOGRAPH}(?:${FLAG_TAGS}|${VARIATION_SELECTOR}?${SKIN_TONE}?)`;
const JOINING_LETTER = String.raw`(?![${INVISIBLE}\p{Zs}])[${JOINING_SCRIPTS}]${VARIATION_SELECTOR}?`;
const OTHER = String.raw`[^${INVISIBLE}${PICTOGRAPH}${SKIN_TONE}${JOINING_SCRIPTS}\p{Zs}]${VARIATION_SELECTOR}?`;
const UNIT = String.raw`${EMOJI}(?:\u200D${EMOJI})*|${JOINING_LETTER}(?:[\u200C\u200D]${JOINING_LETTER})*|\p{Zs}|${OTHER}`;

/** The rule as a regular expression source (Unicode mode), for the schemas' `free-text` format. */
const FREE_TEXT_PATTERN = `^(?:${UNIT})*$`;

const FREE_TEXT = new RegExp(FREE_TEXT_PATTERN, 'u');
const UNIT_OR_ANY = new RegExp(`(${UNIT})|[^]`, 'gu');
const LINE_BREAK_OR_TAB = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
const VISIBLE = new RegExp(String.raw`(?![${INVISIBLE}])[\p{L}\p{N}\p{P}\p{S}]`, 'u');

/** True when the text holds nothing invisible or controlling (see above). */
export function isFreeText(value: string): boolean {
  return FREE_TEXT.test(value);
}

/** At least one letter, digit, punctuation mark or symbol: what a required field needs. */
export function hasVisibleText(value: unknown): boolean {
  return typeof value === 'string' && VISIBLE.test(value);
}

/**
 * Text from a source the member cannot correct (a link's tracking values, a provider's account
 * name) made acceptable: line breaks and tabs become spaces, everything else refused is dropped.
 */
export function withoutInvisible(value: string): string {
  return value.replace(LINE_BREAK_OR_TAB, ' ').replace(UNIT_OR_ANY, (_match, unit: string | undefined) => unit ?? '');
}

/** The field error of free text: 'Form_Format' (spec section 5's server form code) when refused. */
export function freeTextError(value: unknown): 'Form_Format' | undefined {
  return typeof value === 'string' && !isFreeText(value) ? 'Form_Format' : undefined;
}

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Well-formed Unicode: no lone surrogate half (a JSON `\ud800` escape makes one). No encoding can
 * carry such text (UTF-8, a URL, a mail header), so it is refused wherever text comes in, before
 * anything encodes it, whatever the field.
 */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/**
 * Where a parsed request (body, query or path parameters) holds ill-formed text, in a key or a
 * value, as a JSON pointer ('/userId', '/items/2'); undefined when there is none. Walks without
 * recursion, as a hostile body may nest thousands of levels deep.
 */
export function illFormedTextAt(value: unknown): string | undefined {
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0) {
    const [current, pointer] = pending.pop()!;
    if (typeof current === 'string') {
      if (!isWellFormedText(current)) return pointer;
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        const childPointer = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if (!isWellFormedText(key)) return childPointer;
        pending.push([child, childPointer]);
      }
    }
  }
  return undefined;
}
