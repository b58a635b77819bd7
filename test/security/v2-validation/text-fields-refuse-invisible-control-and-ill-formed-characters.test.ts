import t from 'tap';
import { encodePassword } from '../../../server/common/password-encoding.ts';
import { activationLinkFor, createClient, signIn, startStack, TEST_PASSWORD, validRegistration, type Stack } from '../../helper.ts';
import { HOSTILE_TEXT, KOREAN_NAMES, LEGIT_NAMES, withValue } from './hostile-text.ts';

const stack = await startStack(t, { env: { REGISTER_RATE_LIMIT_PER_MINUTE: '10000', EMAIL_CHECK_PER_ADDRESS_PER_HOUR: '10000' } });
const browser = createClient(stack.bffUrl);
let counter = 0;
const freshEmail = () => `visitor${++counter}@example.com`;

/** A fixed-line registration in Germany (phone mode), so that the extension counts. */
const withPhone = (email: string) =>
  validRegistration(email, {
    mobileCountryCode: '',
    mobile: '',
    telCountryCode: '49',
    telAreacode: '30',
    telNo: '123456',
    telExt: '12',
    state: 'Berlin',
  });

/** Free text of the registration payload, with the codes a refusal may carry. */
const FREE_TEXT_FIELDS: ReadonlyArray<readonly [string, string?]> = [
  ['firstName', 'FirstNameRequired'],
  ['lastName', 'LastNameRequired'],
  ['companyName', 'CompanyNameRequired'],
  ['country', 'CountryRegionRequired'],
  ['state'],
  ['VATNumber'],
  ['Address'],
  ['source'],
  ['memberExtension.vatNumber'],
  ['memberExtension.address'],
  ['memberExtension.registerPurpose'],
  ['memberExtension.referer'],
  ['memberExtension.utmSource'],
  ['memberExtension.utmMedium'],
  ['memberExtension.utmCampaign'],
];

async function exists(email: string): Promise<boolean> {
  const reply = await browser.post('/api/Member/IsExist', { email });
  if (reply.body.code !== 'ok') throw new Error(`IsExist: ${reply.text}`);
  return reply.body.data.isExist;
}

async function memberAfterActivation(stack: Stack, email: string) {
  const link = await activationLinkFor(stack.dataDir, email);
  const activated = await browser.post('/api/Member/Activate', { userId: link!.userId, token: link!.token });
  if (activated.body.code !== 'ok') throw new Error(`Activate: ${activated.text}`);
  const client = await signIn(stack, { email, password: TEST_PASSWORD });
  return (await client.get('/api/member')).body.data;
}

t.test('every free-text field of Register refuses control, bidi and invisible characters, and nothing is registered', async (t) => {
  for (const [field, requiredCode] of FREE_TEXT_FIELDS) {
    for (const [name, value] of HOSTILE_TEXT) {
      const email = freshEmail();
      const reply = await browser.post('/api/Member/Register', withValue(withPhone(email), field, value));
      t.equal(reply.status, 400, `${field}, ${name}: refused`);
      t.equal(reply.body.code, 'FormValidateFail');
      const error = (reply.body.errors ?? []).find((e: { field?: string }) => e.field === field);
      t.ok(error && ['Form_Format', requiredCode].includes(error.code), `${field}, ${name}: ${JSON.stringify(reply.body.errors)}`);
      t.notOk(await exists(email), `${field}, ${name}: no account`);
    }
  }
});

t.test('phone parts are digits only: area code, number, extension and mobile; country codes are calling codes', async (t) => {
  const cases: Array<[string, string, string]> = [
    ['telExt', 'abc<script>', 'PhoneNumberNotCorrect'],
    ['telExt', '12\r\n', 'PhoneNumberNotCorrect'],
    ['telAreacode', '30\u0000', 'PhoneNumberNotCorrect'],
    ['telNo', '123\u202E456', 'PhoneNumberNotCorrect'],
    ['telCountryCode', '49<b>', 'Form_Format'],
  ];
  for (const [field, value, code] of cases) {
    const email = freshEmail();
    const reply = await browser.post('/api/Member/Register', { ...withPhone(email), [field]: value });
    t.equal(reply.status, 400, `${field} ${JSON.stringify(value)}`);
    t.same(reply.body.errors, [{ field, code }]);
    t.notOk(await exists(email));
  }
  const email = freshEmail();
  const mobile = await browser.post('/api/Member/Register', validRegistration(email, { mobile: '1512345678\u0000' }));
  t.same(mobile.body.errors, [{ field: 'mobile', code: 'MobileNumberNotCorrect' }]);
  t.notOk(await exists(email));
});

t.test('a refused registration leaves the address free for the real registration', async (t) => {
  const email = freshEmail();
  const refused = await browser.post('/api/Member/Register', { ...withPhone(email), firstName: '\u200B' });
  t.equal(refused.status, 400);
  const registered = await browser.post('/api/Member/Register', withPhone(email));
  t.equal(registered.body.code, 'ok', registered.text);
});

t.test('real names register and read back unchanged: accents, apostrophes, hyphens, CJK, Korean, emoji', async (t) => {
  for (const names of [LEGIT_NAMES, KOREAN_NAMES]) {
    const email = freshEmail();
    const registered = await browser.post('/api/Member/Register', { ...withPhone(email), ...names });
    t.equal(registered.body.code, 'ok', registered.text);
    const member = await memberAfterActivation(stack, email);
    t.match(member, { ...names, telExt: '12' });
  }
});

t.test('the member service refuses the same text itself, whoever calls it', async (t) => {
  const encode = (password: string) => encodePassword(password, stack.bffConfig.passwordEncodingKey);
  const email = freshEmail();
  const { isGlobalAgreePolicy: _agreed, ...plain } = withPhone(email);
  const upstream = {
    ...plain,
    userId: email,
    password: encode(TEST_PASSWORD),
    confirmPassword: encode(TEST_PASSWORD),
    consents: ['global-policy'],
  };
  const send = (body: unknown) =>
    fetch(`${stack.memberServiceUrl}/api/Member/Register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-key': stack.memberServiceConfig.serviceKey },
      body: JSON.stringify(body),
    });
  for (const [field] of FREE_TEXT_FIELDS) {
    const reply = await send(withValue(upstream, field, 'Ada\u202Efdp.exe'));
    t.equal(reply.status, 400, field);
    t.match(await reply.json(), { code: 'FormValidateFail', errors: [{ field, code: 'Form_Format' }] });
  }
  const telExt = await send({ ...upstream, telExt: 'abc<script>' });
  t.match(await telExt.json(), { errors: [{ field: 'telExt', code: 'PhoneNumberNotCorrect' }] });
  t.notOk(await exists(email));
  const accepted = await send(upstream);
  t.match(await accepted.json(), { code: 'ok' }, 'the clean payload is the control');
});
