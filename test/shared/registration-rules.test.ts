import t from 'tap';
import { CaptchaType } from '../../shared/enums.ts';
import { validateRegistration, type RegistrationValues } from '../../shared/rules/registration.ts';
import { validateProfile, validatePreferences } from '../../shared/rules/profile.ts';
import { privacyBlockFor, requiresState, isGdprCountry } from '../../shared/rules/countries.ts';
import { hasErrors, type FieldErrors } from '../../shared/rules/types.ts';

const valid: RegistrationValues = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  password: 'Abcdef12',
  confirmPassword: 'Abcdef12',
  companyName: 'Acme',
  country: 'Germany',
  telCountryCode: '49',
  telAreacode: '30',
  telNo: '1234567',
  isGlobalAgreePolicy: true,
  isSubscribe: false,
};

const errorsOf = (errors: FieldErrors) => Object.fromEntries(Object.entries(errors).filter(([, v]) => v));

t.test('a complete form passes', async (t) => {
  t.same(errorsOf(validateRegistration(valid, { phoneMode: 'phone' })), {});
});

t.test('names, company and country', async (t) => {
  const errors = validateRegistration({ ...valid, firstName: '', lastName: 'x'.repeat(51), companyName: '', country: '' }, {});
  t.equal(errors.firstName, 'FirstNameRequired');
  t.equal(errors.lastName, 'LengthErrorLastName');
  t.equal(errors.companyName, 'CompanyNameRequired');
  t.equal(errors.country, 'CountryRegionRequired');
  t.equal(validateRegistration({ ...valid, firstName: 'x'.repeat(41) }, {}).firstName, 'LengthErrorFirstName');
  t.equal(validateRegistration({ ...valid, companyName: '' }, { isIotmartAna: true }).companyName, undefined, 'iotmart variant: optional');
});

t.test('state is required for the six countries', async (t) => {
  for (const country of ['Australia', 'Canada', 'China', 'Japan', 'Mexico', 'United States']) t.ok(requiresState(country), country);
  t.notOk(requiresState('Germany'));
  const us = validateRegistration({ ...valid, country: 'United States' }, { phoneMode: 'phone' });
  t.equal(us.state, 'StateRequired');
  t.equal(validateRegistration({ ...valid, country: 'United States', state: 'Texas' }, { phoneMode: 'phone' }).state, undefined);
});

t.test('phone or mobile', async (t) => {
  const phoneMode = validateRegistration({ ...valid, telNo: '' }, { phoneMode: 'phone' });
  t.equal(phoneMode.telNo, 'PhoneNumberRequired');
  t.equal(phoneMode.mobile, undefined, 'mobile is not asked for in phone mode');
  const mobileMode = validateRegistration({ ...valid, telNo: '', telAreacode: '' }, { phoneMode: 'mobile' });
  t.equal(mobileMode.mobile, 'MobileNumberRequired');
  t.equal(mobileMode.telNo, undefined);
  t.equal(validateRegistration({ ...valid, telAreacode: '' }, { phoneMode: 'phone' }).telAreacode, 'PhoneAreaCodeRequired');
  t.equal(validateRegistration({ ...valid, telNo: '12-34' }, { phoneMode: 'phone' }).telNo, 'PhoneNumberNotCorrect');
  t.equal(validateRegistration({ ...valid, telCountryCode: '' }, { phoneMode: 'phone' }).telCountryCode, 'CountryCodeRequired');
  const noMode = validateRegistration({ ...valid, telNo: '', telAreacode: '', mobile: '' }, {});
  t.equal(noMode.telNo, 'ChooseNumberFillout');
  t.equal(noMode.mobile, 'MobileNumberRequired');
});

t.test('China: mobile only, exactly 11 digits', async (t) => {
  const base = { ...valid, country: 'China', state: 'Beijing', telNo: '', telAreacode: '', mobileCountryCode: '86' };
  t.equal(validateRegistration({ ...base, mobile: '' }, {}).mobile, 'MobileNumberRequired');
  t.equal(validateRegistration({ ...base, mobile: '1380013800' }, {}).mobile, 'MobileNumber11digits');
  t.equal(validateRegistration({ ...base, mobile: '1380013800a' }, {}).mobile, 'MobileNumberNotCorrect');
  const ok = validateRegistration({ ...base, mobile: '13800138000' }, { phoneMode: 'phone' });
  t.equal(ok.mobile, undefined);
  t.equal(ok.telNo, undefined, 'no telephone asked for in China');
});

t.test('VAT and address only for Europe with rma', async (t) => {
  const rma = validateRegistration(valid, { phoneMode: 'phone', region: 'Europe', source: 'RMA' });
  t.equal(rma.VATNumber, 'VATNumberRequired');
  t.equal(rma.Address, 'AddressRequired');
  t.equal(
    validateRegistration({ ...valid, VATNumber: 'x'.repeat(21), Address: 'Main St 1' }, { region: 'Europe', source: 'rma' }).VATNumber,
    'LengthErrorVATNumber',
  );
  const asia = validateRegistration(valid, { phoneMode: 'phone', region: 'Asia', source: 'rma' });
  t.equal(asia.VATNumber, undefined);
});

t.test('privacy block by country', async (t) => {
  t.equal(privacyBlockFor('Turkey'), 'turkey');
  t.equal(privacyBlockFor('Türkiye'), 'turkey');
  t.equal(privacyBlockFor('South Korea'), 'korea');
  t.equal(privacyBlockFor('Japan'), 'japan');
  t.equal(privacyBlockFor('Germany'), 'global');
  t.notOk(isGdprCountry('South Korea'));
  t.ok(isGdprCountry('Japan'));

  t.equal(validateRegistration({ ...valid, isGlobalAgreePolicy: false }, {}).isGlobalAgreePolicy, 'GlobalPolicyChooseNo');
  t.equal(validateRegistration({ ...valid, isGlobalAgreePolicy: undefined }, {}).isGlobalAgreePolicy, 'QuestionRequired');
  t.equal(validateRegistration({ ...valid, isSubscribe: undefined }, {}).isSubscribe, 'QuestionRequired');

  const korea = validateRegistration({ ...valid, country: 'South Korea', isGlobalAgreePolicy: undefined, koreaTermsConsent: true }, {});
  t.equal(korea.koreaPersonalDataConsent, 'QuestionRequired');
  t.equal(korea.isGlobalAgreePolicy, undefined, 'no global policy for Korea');
  const turkey = validateRegistration({ ...valid, country: 'Turkey', isGlobalAgreePolicy: undefined }, {});
  t.equal(turkey.turkeyPolicyConsent, 'QuestionRequired');
  const japan = validateRegistration(
    { ...valid, country: 'Japan', state: 'Tokyo', isGlobalAgreePolicy: undefined, japanPolicyConsent: true },
    { phoneMode: 'phone' },
  );
  t.same(errorsOf(japan), {});
});

t.test('captcha token is required for Google captcha only', async (t) => {
  t.equal(validateRegistration(valid, { captchaType: CaptchaType.Google }).captchaToken, 'CaptchaRequired');
  t.equal(validateRegistration(valid, { captchaType: CaptchaType.Cloudflare }).captchaToken, undefined);
  t.equal(validateRegistration({ ...valid, captchaToken: 'tok' }, { captchaType: CaptchaType.Google }).captchaToken, undefined);
});

t.test('server-side knowledge of the e-mail and social sign-up', async (t) => {
  t.equal(validateRegistration(valid, { emailStatus: 'EmailExists' }).email, 'EmailExists');
  t.equal(validateRegistration(valid, { emailStatus: 'ContactHR' }).email, 'ContactHR');
  t.equal(validateRegistration({ ...valid, password: '', confirmPassword: '' }, { isSocialSignUp: true }).password, undefined);
});

t.test('profile needs both multi-selects', async (t) => {
  t.same(errorsOf(validatePreferences({ businessApplicationAreas: [], inProducts: ['x'] })), {
    businessApplicationAreas: 'QuestionRequired',
  });
  const profile = { ...valid, mobile: '', businessApplicationAreas: ['a'], inProducts: ['b'] };
  t.notOk(hasErrors(validateProfile(profile, {})));
  t.equal(validateProfile({ ...profile, telNo: '', telAreacode: '' }, {}).telNo, 'ChooseNumberFillout');
});
