import t from 'tap';
import { encodePassword } from '../../../server/common/password-encoding.ts';
import { createActiveMember, signIn, startStack } from '../../helper.ts';
import { HOSTILE_TEXT, KOREAN_NAMES, LEGIT_NAMES, withValue } from './hostile-text.ts';

const stack = await startStack(t);
const member = await createActiveMember(stack);
const client = await signIn(stack, member);
const preferences = { businessApplicationAreas: ['energy.ev-charging'], inProducts: ['networking'] };
/** Germany with a fixed line, so that area code, number and extension are all in play. */
const phone = {
  country: 'Germany',
  state: 'Berlin',
  telCountryCode: '49',
  telAreacode: '30',
  telNo: '123456',
  telExt: '12',
  mobileCountryCode: '49',
  mobile: '15123456789',
};

/** What My Profile sends: the loaded member merged with the form. */
async function loaded(): Promise<Record<string, any>> {
  return (await client.get('/api/member')).body.data;
}

const start = await client.put('/api/member', {
  ...(await loaded()),
  ...preferences,
  ...phone,
  memberExtension: { vatNumber: 'DE123456789', address: 'Unter den Linden 1' },
});
if (start.body.code !== 'ok') throw new Error(`profile set-up: ${start.text}`);

const FREE_TEXT_FIELDS: ReadonlyArray<readonly [string, string?]> = [
  ['firstName', 'FirstNameRequired'],
  ['lastName', 'LastNameRequired'],
  ['companyName', 'CompanyNameRequired'],
  ['country', 'CountryRegionRequired'],
  ['state'],
  ['memberExtension.vatNumber'],
  ['memberExtension.address'],
];

t.test('PUT /api/member refuses control, bidi and invisible characters in every free-text field and changes nothing', async (t) => {
  const before = await loaded();
  for (const [field, requiredCode] of FREE_TEXT_FIELDS) {
    for (const [name, value] of HOSTILE_TEXT) {
      const reply = await client.put('/api/member', withValue({ ...before, ...preferences }, field, value));
      t.equal(reply.status, 400, `${field}, ${name}: refused`);
      t.equal(reply.body.code, 'FormValidateFail');
      const error = (reply.body.errors ?? []).find((e: { field?: string }) => e.field === field);
      t.ok(error && ['Form_Format', requiredCode].includes(error.code), `${field}, ${name}: ${JSON.stringify(reply.body.errors)}`);
    }
  }
  t.same(await loaded(), before, 'the member reads back as before');
});

t.test('phone parts are digits only, the extension included; country codes are calling codes', async (t) => {
  const before = await loaded();
  const cases: Array<[string, string, string]> = [
    ['telExt', 'abc<script>', 'PhoneNumberNotCorrect'],
    ['telExt', '12\u0000', 'PhoneNumberNotCorrect'],
    ['telAreacode', '30\r\n', 'PhoneNumberNotCorrect'],
    ['telNo', '123\u200B456', 'PhoneNumberNotCorrect'],
    ['mobile', '15123456789\u202E', 'MobileNumberNotCorrect'],
    ['telCountryCode', '49\u0000', 'Form_Format'],
    ['mobileCountryCode', '<b>49', 'Form_Format'],
  ];
  for (const [field, value, code] of cases) {
    const reply = await client.put('/api/member', { ...before, ...preferences, [field]: value });
    t.equal(reply.status, 400, `${field} ${JSON.stringify(value)}`);
    t.same(reply.body.errors, [{ field, code }]);
  }
  t.same(await loaded(), before, 'the member reads back as before');
});

t.test('real names, company names with emoji and CJK are saved and read back unchanged', async (t) => {
  for (const names of [LEGIT_NAMES, KOREAN_NAMES]) {
    const reply = await client.put('/api/member', { ...(await loaded()), ...preferences, ...names });
    t.equal(reply.body.code, 'ok', reply.text);
    t.match(await loaded(), { ...names, telExt: '12' });
  }
});

t.test('the member service refuses the same text itself, whoever calls it', async (t) => {
  const base = `${stack.memberServiceUrl}`;
  const serviceKey = stack.memberServiceConfig.serviceKey;
  const login = await fetch(`${base}/api/Member/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-key': serviceKey },
    body: JSON.stringify({ userId: member.email, password: encodePassword(member.password, stack.bffConfig.passwordEncodingKey) }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { 'content-type': 'application/json', 'x-service-key': serviceKey, authorization: `Bearer ${token}` };
  const before = await loaded();
  for (const [field] of FREE_TEXT_FIELDS) {
    const reply = await fetch(`${base}/api/member`, {
      method: 'PUT',
      headers,
      body: JSON.stringify(withValue({ ...before, ...preferences }, field, 'Ada\u202Efdp.exe')),
    });
    t.equal(reply.status, 400, field);
    t.match(await reply.json(), { code: 'FormValidateFail', errors: [{ field, code: 'Form_Format' }] });
  }
  t.same(await loaded(), before, 'the member reads back as before');
});
