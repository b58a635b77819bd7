import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { RegisterRequestSchema } from '../../shared/schemas/register.ts';
import { buildRegisterPayload } from '../../client/pages/register/register-payload.ts';
import { INITIAL_REGISTER_VALUES, type RegisterFormValues } from '../../client/pages/register/register-values.ts';

const values: RegisterFormValues = {
  ...INITIAL_REGISTER_VALUES,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'Secret12!',
  confirmPassword: 'Secret12!',
  companyName: 'Analytical Engines',
  country: 'Germany',
  phoneMode: 'mobile',
  mobileCountryCode: '49',
  mobile: '15123456789',
  isGlobalAgreePolicy: true,
  isSubscribe: false,
};

t.test('tracking values and pass from a link lose invisible characters instead of failing the registration', async (t) => {
  const payload = buildRegisterPayload(values, {
    lang: 'en',
    referer: 'https://news.example/a',
    query: {
      pass: 'RMA\u200B',
      registerPurpose: 'web\u0000inar',
      utmSource: 'news\r\nletter',
      utmMedium: '\u202Eliame',
      utmCampaign: 'spring\u{E0041}',
    },
  });
  t.equal(payload.source, 'rma');
  t.match(payload.memberExtension, { registerPurpose: 'webinar', utmSource: 'news letter', utmMedium: 'liame', utmCampaign: 'spring' });
  t.ok(Value.Check(RegisterRequestSchema, payload), 'the payload matches the shared schema');
});
