import t from 'tap';
import { getCountryCodeForRegionCode, getRegionCodeForCountryCode } from 'awesome-phonenumber';
import type { CountryRecord } from '../../shared/schemas/info.ts';
import { countryCodeOptions } from '../../client/ui/country/country-code-options.ts';
import { countryChange, profileValuesOf } from '../../client/pages/my-account/profile-values.ts';
import type { Member } from '../../shared/schemas/member.ts';
import { createClient, startStack } from '../helper.ts';

const stack = await startStack(t);
const browser = createClient(stack.bffUrl);
const lists = {
  english: (await browser.get('/api/info/V2/Countries/false')).body.data as CountryRecord[],
  chinese: (await browser.get('/api/info/V2/Countries/true')).body.data as CountryRecord[],
};

t.test('every country the portal lists has the calling code of the numbering plan', async (t) => {
  for (const [listName, countries] of Object.entries(lists)) {
    t.ok(countries.length > 240, `${listName}: the whole world`);
    const wrong = countries.filter((country) => {
      const code = getCountryCodeForRegionCode(country.code);
      return country.phoneCode !== (code > 0 ? String(code) : '');
    });
    t.same(
      wrong.map((c) => `${c.name} +${c.phoneCode}`),
      [],
      `${listName}: no country with another code`,
    );
    const owners = countries.filter((country) => country.ownsPhoneCode);
    t.same(
      owners.map((c) => c.code).sort(),
      countries
        .filter((c) => c.phoneCode !== '' && getRegionCodeForCountryCode(Number(c.phoneCode)) === c.code)
        .map((c) => c.code)
        .sort(),
      `${listName}: the main country of each code is marked`,
    );
    t.equal(new Set(owners.map((c) => c.phoneCode)).size, owners.length, `${listName}: one main country per code`);
  }
});

t.test('Kosovo is +383, and the codes that had area codes mixed in are plain calling codes', async (t) => {
  const byCode = new Map(lists.english.map((c) => [c.code, c]));
  t.match(byCode.get('XK'), { name: 'Kosovo', phoneCode: '383' });
  t.match(byCode.get('JM'), { phoneCode: '1' }, 'Jamaica: 876 is an area code');
  t.match(byCode.get('VA'), { phoneCode: '39' }, 'Vatican City dials through Italy');
  t.match(byCode.get('US'), { phoneCode: '1', ownsPhoneCode: true });
  t.match(byCode.get('AQ'), { phoneCode: '' }, 'no numbering plan, no code');
});

t.test('register and My Profile take the code from the same list', async (t) => {
  const kosovo = lists.english.find((c) => c.code === 'XK');
  const options = countryCodeOptions(lists.english, 'Kosovo');
  t.ok(
    options.some((o) => o.value === '383' && o.label === 'Kosovo +383'),
    'the register selector offers Kosovo +383',
  );
  t.notOk(options.some((o) => o.label.startsWith('Kosovo') && o.value !== '383'));
  t.equal(
    countryCodeOptions(lists.english).find((o) => o.value === '1')?.label,
    'United States +1',
    'a shared code is named after its main country',
  );
  t.equal(
    countryCodeOptions(lists.english, 'Jamaica').find((o) => o.value === '1')?.label,
    'Jamaica +1',
    'unless the chosen country shares it',
  );

  const member = { country: 'Germany', state: '', telCountryCode: '49', mobileCountryCode: '49' } as unknown as Member;
  const patch = countryChange(profileValuesOf(member), kosovo);
  t.match(patch, { country: 'Kosovo', telCountryCode: '383', mobileCountryCode: '383' }, 'My Profile fills both codes with +383');
});
