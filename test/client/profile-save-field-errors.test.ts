import t from 'tap';
import { saveFieldErrors } from '../../client/pages/my-account/save-result.ts';

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
