import t from 'tap';
import type { CountryRecord } from '../../shared/schemas/info.ts';
import { countryCodeOptions } from '../../client/ui/country/country-code-options.ts';
import { secondsLeft } from '../../client/ui/countdown.ts';

const country = (name: string, phoneCode: string): CountryRecord => ({
  code: name.slice(0, 2),
  name,
  label: `${name}*`,
  phoneCode,
  region: 'X',
  states: [],
});
const countries = [country('Canada', '1'), country('Taiwan', '886'), country('United States', '+1'), country('Nowhere', '')];

t.test('one option per phone code, labelled with a country, a plus sign and the code', async (t) => {
  t.same(countryCodeOptions(countries), [
    { value: '1', label: 'Canada* +1' },
    { value: '886', label: 'Taiwan* +886' },
    { value: '+1', label: 'United States* +1' },
  ]);
  t.same(
    countryCodeOptions([country('Canada', '1'), country('Bermuda', '1')]),
    [{ value: '1', label: 'Canada* +1' }],
    'the first country names a shared code',
  );
});

t.test('the chosen country names its shared code', async (t) => {
  const options = countryCodeOptions([country('Canada', '1'), country('Taiwan', '886'), country('United States', '1')], 'United States');
  t.same(options, [
    { value: '886', label: 'Taiwan* +886' },
    { value: '1', label: 'United States* +1' },
  ]);
});

t.test('seconds left round a started second up and never go below zero', async (t) => {
  t.equal(secondsLeft(10_000, 0), 10);
  t.equal(secondsLeft(10_000, 9_001), 1);
  t.equal(secondsLeft(10_000, 10_000), 0);
  t.equal(secondsLeft(10_000, 99_000), 0);
  t.equal(secondsLeft(0, Date.now()), 0);
});
