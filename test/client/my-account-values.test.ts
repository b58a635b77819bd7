import t from 'tap';
import { countryChange, profileUpdateOf, profileValuesOf } from '../../client/pages/my-account/profile-values.ts';
import { saveFailureToasts, saveFieldErrors } from '../../client/pages/my-account/save-result.ts';
import { type ReplyCode } from '../../shared/codes.ts';
import { type CountryRecord, type OptionRecord } from '../../shared/schemas/info.ts';
import { type Member } from '../../shared/schemas/member.ts';
import { checkStateOf, chipsOf, removeChip, sameSelection, setChecked } from '../../client/ui/checkbox-tree/option-tree.ts';
import { dateTime, shortMonthDate } from '../../client/pages/my-account/dates.ts';

t.test('profile values', async (t) => {
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
    t.same(countryChange(values, country('Germany', '49')), {
      country: 'Germany',
      state: '',
      telCountryCode: '49',
      mobileCountryCode: '49',
    });
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
});

t.test('option trees', async (t) => {
  const tree: OptionRecord[] = [
    { text: 'Factory', value: 'f' },
    {
      text: 'Retail',
      value: 'r',
      childOptions: [
        { text: 'Shops', value: 'r1' },
        { text: 'Kiosks', value: 'r2' },
      ],
    },
    {
      text: 'Health',
      value: 'h',
      childOptions: [
        {
          text: 'Clinics',
          value: 'h1',
          childOptions: [
            { text: 'Dental', value: 'h1a' },
            { text: 'Eye', value: 'h1b' },
          ],
        },
        { text: 'Labs', value: 'h2' },
      ],
    },
  ];

  t.test('ticking a parent ticks all its children; unticking it unticks them', async (t) => {
    t.same(setChecked(tree, [], 'r', true), ['r', 'r1', 'r2']);
    t.same(setChecked(tree, ['f', 'r', 'r1', 'r2'], 'r', false), ['f']);
    t.same(setChecked(tree, [], 'h', true), ['h', 'h1', 'h1a', 'h1b', 'h2'], 'grandchildren too');
  });

  t.test('ticking the last child ticks the parent, up through every level', async (t) => {
    t.same(setChecked(tree, ['r1'], 'r2', true), ['r', 'r1', 'r2']);
    t.same(setChecked(tree, ['h1a', 'h2'], 'h1b', true), ['h', 'h1', 'h1a', 'h1b', 'h2']);
    t.same(setChecked(tree, ['h1a'], 'h1b', true), ['h1', 'h1a', 'h1b'], 'the grandparent waits for its other child');
  });

  t.test('unticking one child unticks its parent and keeps the siblings', async (t) => {
    t.same(setChecked(tree, ['h', 'h1', 'h1a', 'h1b', 'h2'], 'h1a', false), ['h1b', 'h2']);
    t.same(setChecked(tree, ['r', 'r1', 'r2'], 'r1', false), ['r2']);
  });

  t.test('removing a chip removes it with its children or from its parent', async (t) => {
    t.same(removeChip(tree, ['f', 'r', 'r1', 'r2'], 'r'), ['f']);
    t.same(removeChip(tree, ['r1', 'h2'], 'r1'), ['h2']);
    t.same(removeChip(tree, ['stale', 'f'], 'stale'), ['f'], 'a value no longer offered can be removed');
  });

  t.test('chips collapse a complete parent and keep unknown values', async (t) => {
    t.same(chipsOf(tree, ['r', 'r1', 'r2', 'h1a']), [
      { value: 'r', text: 'Retail' },
      { value: 'h1a', text: 'Dental' },
    ]);
    t.same(chipsOf(tree, ['old']), [{ value: 'old', text: 'old' }]);
    t.same(
      chipsOf([], ['a', 'b']).map((chip) => chip.value),
      ['a', 'b'],
      'before the options load',
    );
  });

  t.test('a parent with some children ticked reads as mixed', async (t) => {
    t.equal(checkStateOf(tree, ['r1'], 'r'), 'mixed');
    t.equal(checkStateOf(tree, ['h1a'], 'h'), 'mixed');
    t.equal(checkStateOf(tree, ['r', 'r1', 'r2'], 'r'), 'checked');
    t.equal(checkStateOf(tree, [], 'r'), 'unchecked');
    t.equal(checkStateOf(tree, [], 'f'), 'unchecked');
  });

  t.test('selections compare by content', async (t) => {
    t.ok(sameSelection(['a', 'b'], ['b', 'a']));
    t.notOk(sameSelection(['a'], ['a', 'b']));
    t.ok(sameSelection(undefined, []));
  });

  t.test('unknown values already selected survive other changes', async (t) => {
    t.same(setChecked(tree, ['legacy'], 'f', true), ['f', 'legacy']);
  });
});

t.test('field errors of a save', async (t) => {
  const FIELDS = ['firstName', 'telNo', 'mobile', 'VATNumber', 'Address', 'inProducts'];

  t.test('a failed save puts each listed problem on the field of the form it names, whatever the case', async (t) => {
    t.same(
      saveFieldErrors(
        {
          errors: [
            { field: 'telNo', code: 'Form_PhoneNumber_Invalid' },
            { field: 'Mobile', code: 'Form_MobileNumber_Invalid' },
          ],
        },
        FIELDS,
      ),
      { telNo: 'Form_PhoneNumber_Invalid', mobile: 'Form_MobileNumber_Invalid' },
    );
  });

  t.test('the member extension goes to the VAT number and address fields', async (t) => {
    t.same(
      saveFieldErrors(
        {
          errors: [
            { field: 'memberExtension.vatNumber', code: 'VATNumberRequired' },
            { field: 'memberExtension.address', code: 'AddressRequired' },
          ],
        },
        FIELDS,
      ),
      {
        VATNumber: 'VATNumberRequired',
        Address: 'AddressRequired',
      },
    );
  });

  t.test('the first problem of a field wins; problems of no field stay in the toast only', async (t) => {
    t.same(
      saveFieldErrors(
        {
          errors: [
            { field: 'telNo', code: 'Form_PhoneNumber_Invalid' },
            { field: 'telNo', code: 'PhoneNumberNotCorrect' },
            { code: 'Form_Required' },
            { field: 'unknown', code: 'Form_Format' },
          ],
        },
        FIELDS,
      ),
      { telNo: 'Form_PhoneNumber_Invalid' },
    );
    t.same(saveFieldErrors({}, FIELDS), {});
  });
});

t.test('dates', async (t) => {
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
});
