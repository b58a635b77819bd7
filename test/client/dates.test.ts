import t from 'tap';
import { dateTime, numericDate, shortMonthDate } from '../../client/pages/my-account/dates.ts';

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

t.test('each style keeps its own formatter: a short month and a date with time, in every order of calls', async (t) => {
  const at = new Date(2026, 2, 7, 14, 5).toISOString();
  t.equal(shortMonthDate(day, 'en'), 'Mar 07, 2026', 'English: MMM DD, YYYY');
  t.equal(numericDate(day, 'ja-jp'), '2026/03/07');
  t.equal(dateTime(at, 'en'), 'Mar\u00a07,\u00a02026,\u00a02:05\u00a0PM', 'English: date and time, kept on one line');
  t.equal(dateTime(at, 'ja-jp'), '2026/03/07\u00a014:05', 'Japanese: 24-hour time, kept on one line');
  t.notMatch(dateTime(at, 'ko-kr'), / /, 'Korean too: no space a line may break at');
  t.equal(shortMonthDate(day, 'ja-jp'), '2026年3月07日', 'Japanese: the short month');
  t.equal(dateTime('not a date', 'ko-kr'), '');
});
