import t from 'tap';
import { numericDate } from '../../client/pages/my-account/dates.ts';

// Local noon: dates are shown in the browser's time zone.
const day = new Date(2026, 2, 7, 12).toISOString();

t.test('a day in figures as each language writes it', async (t) => {
  t.equal(numericDate(day, 'en'), '03/07/2026', 'English: MM/DD/YYYY as the spec says');
  t.equal(numericDate(day, 'ja-jp'), '2026/03/07', 'Japanese: year first');
  t.equal(numericDate(day, 'zh-tw'), '2026/03/07', 'Traditional Chinese: year first');
  t.equal(numericDate(day, 'zh-cn'), '2026/03/07', 'Simplified Chinese: year first');
  t.equal(numericDate(day, 'ko-kr'), '2026. 03. 07.', 'Korean: year first, with dots');
  t.equal(numericDate(day, 'es-es'), '07/03/2026', 'Spanish: day first');
});

t.test('a missing or unreadable date shows nothing', async (t) => {
  t.equal(numericDate(undefined, 'en'), '');
  t.equal(numericDate(null, 'ja-jp'), '');
  t.equal(numericDate('not a date', 'es-es'), '');
});
