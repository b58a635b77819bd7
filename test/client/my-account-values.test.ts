import t from 'tap';
import { countryChange, profileUpdateOf, profileValuesOf } from '../../client/pages/my-account/profile-values.ts';
import { saveFailureToasts } from '../../client/pages/my-account/save-result.ts';
import type { ReplyCode } from '../../shared/codes.ts';
import type { CountryRecord } from '../../shared/schemas/info.ts';
import type { Member } from '../../shared/schemas/member.ts';

const member: Member = {
  memberId: 7,
  userId: 'ann@example.com',
  email: 'ann@example.com',
  status: 1,
  source: 'rma',
  isEmp: false,
  isSubscribe: true,
  preferring: false,
  myAccountDeleteDate: null,
  LastPwdModifiedDate: null,
  firstName: 'Ann',
  lastName: 'Lee',
  companyName: 'Acme',
  country: 'United States',
  state: 'Texas',
  telCountryCode: '1',
  telAreacode: '512',
  telNo: '5550100',
  telExt: '12',
  mobileCountryCode: '1',
  mobile: '5125550100',
  businessApplicationAreas: ['b1'],
  inProducts: ['p1'],
  memberExtension: { vatNumber: 'DE1', address: 'Main St 1' },
  socialData: [],
};

const country = (name: string, phoneCode: string, states: string[] = []): CountryRecord => ({
  code: name.slice(0, 2).toUpperCase(),
  name,
  label: name,
  phoneCode,
  region: 'Europe',
  states,
});

t.test('the form starts from the member, VAT and address taken out of memberExtension', async (t) => {
  const values = profileValuesOf(member);
  t.equal(values.VATNumber, 'DE1');
  t.equal(values.Address, 'Main St 1');
  t.same(values.inProducts, ['p1']);
  t.not(values.inProducts, member.inProducts, 'a copy, so edits never touch the loaded member');
});

t.test('the update carries the editable fields, trimmed names, and VAT only when it applies', async (t) => {
  const values = { ...profileValuesOf(member), firstName: '  Anna ' };
  const update = profileUpdateOf(values, false);
  t.equal(update.firstName, 'Anna');
  t.notOk('memberExtension' in update);
  t.notOk('email' in update || 'status' in update || 'userId' in update);
  t.same(profileUpdateOf(values, true).memberExtension, { vatNumber: 'DE1', address: 'Main St 1' });
});

t.test('choosing a country fills both phone country codes and drops a state it does not have', async (t) => {
  const values = profileValuesOf(member);
  t.same(countryChange(values, country('Germany', '49')), { country: 'Germany', state: '', telCountryCode: '49', mobileCountryCode: '49' });
  t.equal(countryChange(values, country('United States', '1', ['Texas', 'Utah'])).state, 'Texas', 'a state the country has stays');
});

t.test('choosing China clears the telephone fields', async (t) => {
  const patch = countryChange(profileValuesOf(member), country('China', '86', ['Beijing']));
  t.same(patch, { country: 'China', state: '', telCountryCode: '', mobileCountryCode: '86', telAreacode: '', telNo: '', telExt: '' });
});

t.test('a failed save gives one toast per listed problem, else the title or the code', async (t) => {
  t.same(
    saveFailureToasts({
      code: 'FormValidateFail',
      errors: [{ field: 'telNo', code: 'Form_PhoneNumber_Invalid' }, { code: 'Form_Length' }],
    }),
    [{ messageKey: 'error.Form_PhoneNumber_Invalid' }, { messageKey: 'error.Form_Length' }],
  );
  t.same(saveFailureToasts({ code: 'servererror', title: 'Try later' }), [{ messageKey: 'error.servererror', text: 'Try later' }]);
  t.same(saveFailureToasts({ code: '' as ReplyCode }), [{ messageKey: 'error.somethingWentWrong' }]);
});
