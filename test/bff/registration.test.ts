import t from 'tap';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { createClient, startStack, validRegistration, type Stack } from '../helper.ts';

const errorsOf = (body: { errors?: Array<{ field: string; code: string }> }) =>
  (body.errors ?? []).map((e) => `${e.field}:${e.code}`).sort();

async function storedMember(t: Parameters<typeof startStack>[0], stack: Stack, email: string) {
  const store = await openMemberStore({ dataDir: stack.dataDir });
  t.teardown(() => store.close());
  const member = await store.members.findByEmail(email);
  return { member, consents: member ? (await store.consents.list(member.id)).map((c) => c.consent).sort() : [] };
}

/** Each country's form as the client sends it: the privacy block's answers and a phone of that country. */
const COUNTRY_CASES = {
  china: {
    valid: {
      country: 'China',
      state: 'Beijing',
      mobileCountryCode: '86',
      mobile: '13800138000',
      isGlobalAgreePolicy: true,
      isSubscribe: true,
    },
    refusals: [
      [{ mobile: '1380013800' }, ['mobile:MobileNumber11digits']],
      [{ mobile: '', telCountryCode: '86', telAreacode: '10', telNo: '12345678' }, ['mobile:MobileNumberRequired']],
      [{ state: '' }, ['state:StateRequired']],
    ],
    consents: ['global-policy', 'subscribe'],
  },
  turkey: {
    valid: {
      country: 'Türkiye',
      telCountryCode: '90',
      telAreacode: '212',
      telNo: '3456789',
      mobile: '',
      mobileCountryCode: '',
      turkeyPolicyConsent: true,
      isSubscribe: false,
    },
    refusals: [
      [{ turkeyPolicyConsent: false }, ['turkeyPolicyConsent:QuestionRequired']],
      [{ isSubscribe: undefined }, ['isSubscribe:QuestionRequired']],
      [{ telNo: '555', telAreacode: '999' }, ['telNo:Form_PhoneNumber_Invalid']],
    ],
    consents: ['turkey-policy'],
  },
  korea: {
    valid: {
      country: 'South Korea',
      mobileCountryCode: '82',
      mobile: '1020000000',
      koreaTermsConsent: true,
      koreaPersonalDataConsent: true,
      isSubscribe: true,
    },
    refusals: [
      [{ koreaPersonalDataConsent: false }, ['koreaPersonalDataConsent:QuestionRequired']],
      [
        { koreaTermsConsent: undefined, koreaPersonalDataConsent: undefined },
        ['koreaPersonalDataConsent:QuestionRequired', 'koreaTermsConsent:QuestionRequired'],
      ],
      [{ mobile: '221234567' }, ['mobile:Form_MobileNumber_Invalid']],
    ],
    consents: ['korea-personal-data', 'korea-terms', 'subscribe'],
  },
  japan: {
    valid: {
      country: 'Japan',
      state: 'Tokyo',
      telCountryCode: '81',
      telAreacode: '3',
      telNo: '12345678',
      mobile: '',
      mobileCountryCode: '',
      japanPolicyConsent: true,
      isSubscribe: false,
    },
    refusals: [
      [{ japanPolicyConsent: undefined, isGlobalAgreePolicy: true }, ['japanPolicyConsent:QuestionRequired']],
      [{ telAreacode: '' }, ['telAreacode:PhoneAreaCodeRequired']],
    ],
    consents: ['japan-policy'],
  },
  europeRma: {
    valid: {
      country: 'Germany',
      source: 'rma',
      VATNumber: 'DE123456789',
      Address: 'Unter den Linden 1, Berlin',
      isGlobalAgreePolicy: true,
      isSubscribe: true,
    },
    refusals: [
      [{ VATNumber: '', Address: '' }, ['Address:AddressRequired', 'VATNumber:VATNumberRequired']],
      [{ VATNumber: 'DE1234567890123456789' }, ['VATNumber:LengthErrorVATNumber']],
      [{ isGlobalAgreePolicy: false }, ['isGlobalAgreePolicy:GlobalPolicyChooseNo']],
    ],
    consents: ['global-policy', 'subscribe'],
  },
  unitedStates: {
    valid: {
      country: 'United States',
      state: 'California',
      telCountryCode: '1',
      telAreacode: '415',
      telNo: '5550123',
      telExt: '12',
      mobile: '',
      mobileCountryCode: '',
      isGlobalAgreePolicy: true,
      isSubscribe: false,
    },
    refusals: [
      [{ state: 'Gondor' }, ['state:Form_NotExist']],
      [{ telNo: '555-0123' }, ['telNo:PhoneNumberNotCorrect']],
      [{ firstName: 'x'.repeat(41) }, ['firstName:Form_Length']],
      [{ firstName: '', lastName: ' ' }, ['firstName:FirstNameRequired', 'lastName:LastNameRequired']],
      [{ companyName: '' }, ['companyName:CompanyNameRequired']],
      [{ email: 'not-an-address' }, ['email:EmailFormat']],
    ],
    consents: ['global-policy'],
  },
} as const;

t.test('each country case: refusals change nothing, a valid form registers and records its consents', async (t) => {
  const stack = await startStack(t, { env: { REGISTER_RATE_LIMIT_PER_MINUTE: '1000' } });
  const browser = createClient(stack.bffUrl);
  for (const [name, { valid, refusals, consents }] of Object.entries(COUNTRY_CASES)) {
    const email = `${name.toLowerCase()}@example.com`;
    for (const [overrides, expected] of refusals) {
      const res = await browser.post('/api/Member/Register', validRegistration(email, { ...valid, ...overrides }));
      t.equal(res.status, 400, `${name} ${JSON.stringify(overrides)}`);
      t.same(errorsOf(res.body), expected, `${name} ${JSON.stringify(overrides)}`);
    }
    t.same((await browser.post('/api/Member/IsExist', { email })).body.data, { isExist: false }, `${name}: refusals created nothing`);
    const res = await browser.post('/api/Member/Register', validRegistration(email, valid));
    t.equal(res.body.code, 'ok', `${name}: ${res.text}`);
    const stored = await storedMember(t, stack, email);
    t.same(stored.consents, consents, `${name}: consents recorded`);
    t.equal(stored.member?.country, valid.country);
  }
  const china = await storedMember(t, stack, 'china@example.com');
  t.match(china.member, { tel_no: '', tel_country_code: '', mobile: '13800138000' });
  const rma = await storedMember(t, stack, 'europerma@example.com');
  t.match(rma.member, { vat_number: 'DE123456789', address: 'Unter den Linden 1, Berlin', source: 'rma' });
});

t.test('iotmart: company name optional through the whole chain; tracking values reach the member', async (t) => {
  const stack = await startStack(t);
  const browser = createClient(stack.bffUrl);
  const res = await browser.post(
    '/api/Member/Register',
    validRegistration('iot@example.com', {
      companyName: '',
      source: 'iotmart-ana',
      memberExtension: {
        registerPurpose: 'trial',
        referer: 'https://news.example/post',
        utmSource: 'mail',
        utmMedium: 'banner',
        utmCampaign: 'spring',
      },
    }),
  );
  t.equal(res.body.code, 'ok', res.text);
  const { member } = await storedMember(t, stack, 'iot@example.com');
  t.match(member, {
    company_name: '',
    register_purpose: 'trial',
    referer: 'https://news.example/post',
    utm_source: 'mail',
    utm_medium: 'banner',
    utm_campaign: 'spring',
  });
});

t.test('IsExist: company domains, and a limit per address whoever asks', async (t) => {
  const stack = await startStack(t, { env: { EMAIL_CHECK_PER_ADDRESS_PER_HOUR: '3', REGISTER_RATE_LIMIT_PER_MINUTE: '1000' } });
  const browser = createClient(stack.bffUrl);
  t.same((await browser.post('/api/Member/IsExist', { email: 'hr@corp.example' })).body, { isSuccess: false, code: 'ContactHR' });
  for (let i = 0; i < 3; i += 1) t.equal((await browser.post('/api/Member/IsExist', { email: 'target@example.com' })).status, 200);
  const limited = await browser.post(
    '/api/Member/IsExist',
    { email: ' TARGET@example.com' },
    { headers: { 'x-forwarded-for': '10.9.9.9' } },
  );
  t.equal(limited.status, 429);
  t.equal(limited.body.code, 'TooManyRequests');
  t.ok(Number(limited.headers.get('retry-after')) > 0);
  t.equal((await browser.post('/api/Member/IsExist', { email: 'other@example.com' })).status, 200, 'other addresses are still answered');
});

t.test('sample numbers through the portal', async (t) => {
  const stack = await startStack(t);
  const browser = createClient(stack.bffUrl);
  const res = await browser.get('/api/Member/GetSampleNumber/JP');
  t.same(res.body.data, { fixed: '+81 3-1234-5678', mobile: '+81 90-1234-5678' });
  t.match(res.headers.get('cache-control'), /max-age/);
  t.equal((await browser.get('/api/Member/GetSampleNumber/<script>')).status, 400);
});
