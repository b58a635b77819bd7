import t from 'tap';
import fc from 'fast-check';
import { validateContact } from '../../shared/rules/contact.ts';
import { freeTextError, hasVisibleText, illFormedTextAt, isFreeText, isWellFormedText, withoutInvisible } from '../../shared/rules/text.ts';

const char = (from: number, to: number) => fc.integer({ min: from, max: to }).map((cp) => String.fromCodePoint(cp));

/** Pieces of real names, companies and addresses in the portal's languages and beyond. */
const legitPiece = fc.oneof(
  fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
  fc.constantFrom(...'áéíóúñüçÁÉÍÓÚÑÜàèâêîôûäöëïß', "'", '’', '-', '.', ',', '&', '/', '(', ')', '#', ' ', '\u00A0'),
  char(0x4e00, 0x9fff), // CJK ideographs (Chinese and Japanese names)
  char(0xac00, 0xd7a3), // Hangul syllables (Korean names)
  char(0x3041, 0x3096), // hiragana
  char(0x30a1, 0x30fa), // katakana
  fc.constantFrom('\u3000', 'e\u0301', '葛\u{E0100}'), // ideographic space, a combining accent, an ideographic variant
  fc.constantFrom('Ελένη', 'Дмитрий', 'דוד', 'محمد', 'می\u200Cخواهم', 'यन्त्र', 'යන්ත්\u200Dර', 'สมชาย'),
  fc.constantFrom('🚀', '❤️', '👍🏽', '👩🏽\u200D💻', '❤️\u200D🔥', '🏳️\u200D🌈', '🧑\u200D🤝\u200D🧑', '🇹🇼', '1️⃣', '©', '™'),
  fc.constantFrom('🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'), // the flag of England
);
const legitText = fc.array(legitPiece, { maxLength: 30 }).map((pieces) => pieces.join(''));

/** Characters that are never part of free text, wherever they stand. */
const refusedChar = fc.oneof(
  char(0x00, 0x1f), // C0 controls: NUL, tab, CR, LF, ...
  char(0x7f, 0x9f), // DEL and C1 controls (NEL)
  fc.constantFrom('\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'), // bidi marks, embeddings, overrides, isolates
  fc.constantFrom('\u200B', '\u2060', '\uFEFF', '\u00AD', '\u034F', '\u180E', '\u2061', '\u2064'), // zero-width and invisible
  fc.constantFrom('\u115F', '\u1160', '\u3164', '\uFFA0', '\u2800'), // Hangul fillers, the blank Braille pattern
  fc.constantFrom('\u2028', '\u2029', '\uFFFE', '\uFFFF'), // line and paragraph separators, non-characters
  char(0xd800, 0xdfff), // surrogate halves
  char(0xe000, 0xf8ff), // private use
  char(0xe0000, 0xe007f), // tag characters outside a flag
  char(0xfff9, 0xfffb), // interlinear annotation
);

t.test('text of real names, companies and addresses passes and is left as it is', async () => {
  fc.assert(
    fc.property(legitText, (text) => isFreeText(text) && withoutInvisible(text) === text && freeTextError(text) === undefined),
    { numRuns: 2000 },
  );
});

t.test('one refused character anywhere makes the text refused', async () => {
  fc.assert(
    fc.property(legitText, refusedChar, legitText, (before, refused, after) => {
      const text = before + refused + after;
      return !isFreeText(text) && freeTextError(text) === 'Form_Format';
    }),
    { numRuns: 3000 },
  );
});

t.test('joiners only join: ZWJ between emoji, ZWJ/ZWNJ between letters of scripts that shape with them', async (t) => {
  for (const text of [
    'Ad\u200Da',
    'Ad\u200Ca',
    '\u200D🚀',
    '🚀\u200D',
    '🚀\u200D\u200D🔥',
    'a\u200D🚀',
    '山\u200C田',
    '김\u200D민준',
    '\u200Cمحمد',
    'محمد\u200D',
  ]) {
    t.notOk(isFreeText(text), JSON.stringify(text));
  }
  for (const text of ['👨\u200D👩\u200D👧', 'می\u200Cخواهم', 'क्\u200Dष']) t.ok(isFreeText(text), JSON.stringify(text));
  fc.assert(
    fc.property(legitText, fc.constantFrom('\u200C', '\u200D'), legitText, (before, joiner, after) => {
      // Next to a Latin letter, a digit or a space a joiner joins nothing.
      const text = `${before}x${joiner}y${after}`;
      return !isFreeText(text);
    }),
  );
});

t.test('variation selectors and flag tags only where they belong', async (t) => {
  for (const text of [
    '\uFE0F',
    'a \uFE0F',
    'a\uFE0F\uFE0F',
    '\u{E0100}',
    '🏴\u{E0067}\u{E0062}',
    '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E0067}\u{E0067}\u{E0067}\u{E007F}',
    'a\u{E0067}\u{E007F}',
    '\u{1F3FD}',
  ]) {
    t.notOk(isFreeText(text), JSON.stringify(text));
  }
});

t.test('every letter, digit, punctuation mark, symbol and space of Unicode is accepted', async (t) => {
  const visible = /[\p{L}\p{N}\p{P}\p{S}\p{Zs}\p{M}]/u;
  const invisibleLookalike = /[\p{Default_Ignorable_Code_Point}\u2800]/u;
  const refused: string[] = [];
  let checked = 0;
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const ch = String.fromCodePoint(cp);
    if (!visible.test(ch) || invisibleLookalike.test(ch) || /\p{Emoji_Modifier}/u.test(ch)) continue;
    checked++;
    if (!isFreeText(`a${ch}`)) refused.push(`U+${cp.toString(16).toUpperCase()}`);
  }
  t.ok(checked > 150_000, `${checked} characters checked`);
  t.same(refused, [], 'none refused');
});

t.test('cleaning gives free text, and changes exactly the text the rule refuses', async () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 40 }),
        legitText,
        fc.tuple(legitText, refusedChar, legitText).map((p) => p.join('')),
      ),
      (text) => {
        const cleaned = withoutInvisible(text);
        return isFreeText(cleaned) && (cleaned === text) === isFreeText(text);
      },
    ),
    { numRuns: 5000 },
  );
});

t.test('line breaks and tabs from a link or a provider become spaces, the rest of the invisible goes', async (t) => {
  t.equal(withoutInvisible('Ada\r\nLovelace'), 'Ada Lovelace');
  t.equal(withoutInvisible('Ada\tLovelace'), 'Ada Lovelace');
  t.equal(withoutInvisible('\u202Egnp.exe\u200B'), 'gnp.exe');
  t.equal(withoutInvisible('x\u0000y'), 'xy');
});

t.test('a visible character is a letter, digit, punctuation mark or symbol', async (t) => {
  const blank = fc.array(
    fc.oneof(fc.constantFrom(' ', '\u00A0', '\u3000', '\u2003', '\u0301'), refusedChar, fc.constantFrom('\u200C', '\u200D', '\uFE0F')),
    { maxLength: 20 },
  );
  // Joined with spaces: a high and a low surrogate half side by side are one visible character (U+10080).
  fc.assert(fc.property(blank, (pieces) => !hasVisibleText(pieces.join(' '))));
  t.ok(hasVisibleText('\ud800\udc80'), 'two halves that pair are the character they make');
  fc.assert(
    fc.property(
      legitText,
      legitPiece.filter((p) => p.trim() !== ''),
      legitText,
      (a, piece, b) => hasVisibleText(a + piece + b),
    ),
  );
  t.notOk(hasVisibleText(undefined));
});

const contactBase = { country: 'Germany', companyName: 'Analytical Engines', mobileCountryCode: '49', mobile: '15123456789' };

t.test('names: legitimate text passes, invisible text is refused, nothing visible is empty', async () => {
  const name = legitText.filter((text) => hasVisibleText(text) && text.length <= 40);
  fc.assert(
    fc.property(name, name, (firstName, lastName) => {
      const errors = validateContact({ ...contactBase, firstName, lastName }, {});
      return errors.firstName === undefined && errors.lastName === undefined;
    }),
  );
  fc.assert(
    fc.property(legitText, refusedChar, legitText, (before, refused, after) => {
      const firstName = before + refused + after;
      const error = validateContact({ ...contactBase, firstName, lastName: 'L' }, {}).firstName;
      return firstName.length > 40
        ? error === 'LengthErrorFirstName'
        : error === (hasVisibleText(firstName) ? 'Form_Format' : 'FirstNameRequired');
    }),
  );
});

t.test('every free-text field of the contact form refuses invisible characters', async (t) => {
  const rma = { region: 'Europe', source: 'rma' };
  const valid = {
    ...contactBase,
    firstName: 'Ada',
    lastName: 'Lovelace',
    state: 'Berlin',
    VATNumber: 'DE123456789',
    Address: 'Unter den Linden 1',
  };
  t.same(
    Object.entries(validateContact(valid, rma)).filter(([, code]) => code),
    [],
  );
  for (const field of ['firstName', 'lastName', 'companyName', 'country', 'state', 'VATNumber', 'Address'] as const) {
    for (const context of [rma, {}]) {
      const errors = validateContact({ ...valid, [field]: `A\u202Eb` }, context);
      t.equal(errors[field], 'Form_Format', `${field} ${JSON.stringify(context)}`);
    }
  }
  t.equal(validateContact({ ...valid, companyName: '\u200B' }, {}).companyName, 'CompanyNameRequired');
  t.equal(
    validateContact({ ...valid, companyName: 'A\u0000' }, { isIotmartAna: true }).companyName,
    'Form_Format',
    'optional company name too',
  );
  t.equal(validateContact({ ...valid, VATNumber: '\u3164' }, rma).VATNumber, 'VATNumberRequired');
});

t.test('phone parts are digits; an extension is dialled, so it is digits too; country codes are calling codes', async (t) => {
  const phone = {
    ...contactBase,
    firstName: 'A',
    lastName: 'B',
    mobile: '',
    mobileCountryCode: '',
    telCountryCode: '49',
    telAreacode: '30',
    telNo: '1234567',
  };
  fc.assert(fc.property(fc.stringMatching(/^[0-9]{0,10}$/), (telExt) => validateContact({ ...phone, telExt }, {}).telExt === undefined));
  fc.assert(
    fc.property(
      fc.string({ unit: 'binary', maxLength: 20 }).filter((s) => !/^[0-9]*$/.test(s)),
      (telExt) => {
        const error = validateContact({ ...phone, telExt }, {}).telExt;
        return error === 'PhoneNumberNotCorrect';
      },
    ),
  );
  t.equal(validateContact({ ...phone, telExt: 'abc<script>' }, {}).telExt, 'PhoneNumberNotCorrect');
  t.equal(validateContact({ ...phone, telAreacode: '30\u0000' }, {}).telAreacode, 'PhoneNumberNotCorrect');
  t.equal(validateContact({ ...phone, telNo: '١٢٣٤٥٦٧' }, {}).telNo, 'PhoneNumberNotCorrect', 'ASCII digits only');
  t.equal(validateContact({ ...phone, telCountryCode: '+49' }, {}).telCountryCode, undefined);
  t.equal(validateContact({ ...phone, telCountryCode: '49\r\n' }, {}).telCountryCode, 'Form_Format');
  t.equal(
    validateContact({ ...contactBase, firstName: 'A', lastName: 'B', mobileCountryCode: '<b>' }, {}).mobileCountryCode,
    'Form_Format',
  );
  t.equal(
    validateContact({ ...contactBase, firstName: 'A', lastName: 'B', mobileCountryCode: '' }, {}).mobileCountryCode,
    'CountryCodeRequired',
  );
});

t.test('ill-formed Unicode (lone surrogate halves) is found in any value or key, however deep', async (t) => {
  t.ok(isWellFormedText('Ada 👩🏽‍💻 山田'), 'surrogate pairs are well-formed');
  for (const text of ['\uD800', '\uDFFF', 'a\uDC00b', 'end\uD83D']) t.notOk(isWellFormedText(text), JSON.stringify(text));
  t.equal(illFormedTextAt({ userId: 'ada@example.com', token: 'abc' }), undefined);
  t.equal(illFormedTextAt({ userId: '\uD800' }), '/userId');
  t.equal(illFormedTextAt({ a: [1, { 'b/c': 'x\uDFFF' }] }), '/a/1/b~1c');
  t.equal(illFormedTextAt({ ['k\uD800']: 1 }), '/k\uD800');
  t.equal(illFormedTextAt('\uD800'), '');
  let deep: unknown = '\uD800';
  for (let i = 0; i < 20_000; i += 1) deep = [deep];
  t.equal(illFormedTextAt(deep)?.length, 40_000, 'twenty thousand levels deep, without running out of stack');
});
