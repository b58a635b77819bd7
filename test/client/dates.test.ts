import t from 'tap';
import { dateTime, shortMonthDate } from '../../client/pages/my-account/dates.ts';

// Local noon: dates are shown in the browser's time zone.
const day = new Date(2026, 2, 7, 12).toISOString();

t.test('a missing or unreadable date shows nothing', async (t) => {
  t.equal(shortMonthDate(undefined, 'en'), '');
  t.equal(shortMonthDate(null, 'ja-jp'), '');
  t.equal(shortMonthDate('not a date', 'es-es'), '');
});

t.test('a Chinese date is held together: no line breaks inside it', async (t) => {
  const shown = shortMonthDate(day, 'zh-cn');
  t.equal(shown.replaceAll('\u2060', ''), '2026年3月07日');
  t.match(shown, /^(.\u2060)+.$/u, 'a word joiner between every two characters');
});

t.test('each style keeps its own formatter: a short month and a date with time, in every order of calls', async (t) => {
  const at = new Date(2026, 2, 7, 14, 5).toISOString();
  t.equal(shortMonthDate(day, 'en'), 'Mar\u00a007,\u00a02026', 'English: MMM DD, YYYY, on one line');
  t.equal(dateTime(at, 'en'), 'Mar\u00a07,\u00a02026,\u00a02:05\u00a0PM', 'English: date and time, kept on one line');
  t.equal(dateTime(at, 'ja-jp'), '2026/03/07\u00a014:05', 'Japanese: 24-hour time, kept on one line');
  t.notMatch(dateTime(at, 'ko-kr'), / /, 'Korean too: no space a line may break at');
  t.equal(shortMonthDate(day, 'ja-jp'), '2026年3月07日', 'Japanese: the short month');
  t.equal(dateTime('not a date', 'ko-kr'), '');
});
