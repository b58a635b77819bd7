import t from 'tap';
import type { CountryRecord } from '../../shared/schemas/info.ts';
import { findCountry } from '../../client/ui/country/find-country.ts';
import { countryChangePatch } from '../../client/pages/register/country-change.ts';
import { effectivePhoneMode, switchPhoneMode } from '../../client/pages/register/phone-mode.ts';
import { INITIAL_REGISTER_VALUES, type RegisterFormValues } from '../../client/pages/register/register-values.ts';

const country = (name: string, phoneCode: string, region = 'Asia', states: string[] = []): CountryRecord => ({
  code: name.slice(0, 2).toUpperCase(),
  name,
  label: name,
  phoneCode,
  region,
  states,
});
const taiwan = country('Taiwan', '886');
const china = country('China', '86', 'Asia', ['Beijing', 'Shanghai']);
const germany = country('Germany', '49', 'Europe');

const filledPhone: RegisterFormValues = {
  ...INITIAL_REGISTER_VALUES,
  country: 'Taiwan',
  phoneMode: 'phone',
  telCountryCode: '886',
  telAreacode: '02',
  telNo: '27927818',
  telExt: '123',
};

t.test('China always uses mobile, other countries keep the chosen mode', async (t) => {
  t.equal(effectivePhoneMode('China', 'phone'), 'mobile');
  t.equal(effectivePhoneMode('china', 'phone'), 'mobile');
  t.equal(effectivePhoneMode('Taiwan', 'phone'), 'phone');
  t.equal(effectivePhoneMode('Taiwan', 'mobile'), 'mobile');
  t.equal(effectivePhoneMode(undefined, 'phone'), 'phone');
});

t.test('switching to mobile clears every fixed-line field and fills the mobile country code', async (t) => {
  t.same(switchPhoneMode(filledPhone, 'mobile', '886'), {
    phoneMode: 'mobile',
    telCountryCode: '',
    telAreacode: '',
    telNo: '',
    telExt: '',
    mobileCountryCode: '886',
  });
});

t.test('switching to phone clears the mobile fields and keeps a code the member already chose', async (t) => {
  const values: RegisterFormValues = {
    ...filledPhone,
    phoneMode: 'mobile',
    mobile: '912345678',
    mobileCountryCode: '886',
    telCountryCode: '1',
  };
  t.same(switchPhoneMode(values, 'phone', '886'), { phoneMode: 'phone', mobileCountryCode: '', mobile: '' });
});

t.test('a Chinese member cannot switch to the fixed-line mode', async (t) => {
  const values: RegisterFormValues = {
    ...INITIAL_REGISTER_VALUES,
    country: 'China',
    phoneMode: 'mobile',
    mobile: '13800138000',
    mobileCountryCode: '86',
  };
  const patch = switchPhoneMode(values, 'phone', '86');
  t.equal(patch.phoneMode, 'mobile');
  t.equal(patch.mobile, undefined, 'the mobile number stays');
  t.equal(patch.telNo, '');
});

t.test('choosing China forces mobile, drops the fixed line and the state, and takes its code', async (t) => {
  const patch = countryChangePatch({ ...filledPhone, state: 'Taipei' }, china);
  t.match(patch, {
    country: 'China',
    state: '',
    phoneMode: 'mobile',
    telNo: '',
    telAreacode: '',
    telExt: '',
    telCountryCode: '',
    mobileCountryCode: '86',
  });
});

t.test('a new country replaces the country code of the current mode and keeps the number', async (t) => {
  const patch = countryChangePatch(filledPhone, germany);
  t.equal(patch.telCountryCode, '49');
  t.equal(patch.phoneMode, 'phone');
  t.equal(patch.telNo, undefined, 'the phone number is not touched');
  t.equal(patch.mobile, '');
});

t.test('a country change resets every privacy answer', async (t) => {
  const answered: RegisterFormValues = {
    ...filledPhone,
    isGlobalAgreePolicy: true,
    turkeyPolicyConsent: true,
    koreaTermsConsent: true,
    koreaPersonalDataConsent: false,
    japanPolicyConsent: true,
    isSubscribe: false,
  };
  const patch = countryChangePatch(answered, taiwan);
  for (const answer of [
    'isGlobalAgreePolicy',
    'turkeyPolicyConsent',
    'koreaTermsConsent',
    'koreaPersonalDataConsent',
    'japanPolicyConsent',
    'isSubscribe',
  ] as const) {
    t.ok(answer in patch, `${answer} is part of the patch`);
    t.equal(patch[answer], undefined, `${answer} is unanswered`);
  }
});

t.test('clearing the country clears the codes', async (t) => {
  t.match(countryChangePatch(filledPhone, undefined), { country: '', telCountryCode: '' });
});

t.test('countries are found by their stored English name', async (t) => {
  t.equal(findCountry([taiwan, china], 'China'), china);
  t.equal(findCountry([taiwan, china], 'Atlantis'), undefined);
  t.equal(findCountry(undefined, 'China'), undefined);
  t.equal(findCountry([taiwan], ''), undefined);
});
