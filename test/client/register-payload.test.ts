import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { RegisterRequestSchema } from '../../shared/schemas/register.ts';
import { buildRegisterPayload, type RegisterPayloadContext } from '../../client/pages/register/register-payload.ts';
import { INITIAL_REGISTER_VALUES, type RegisterFormValues } from '../../client/pages/register/register-values.ts';

const values: RegisterFormValues = {
  ...INITIAL_REGISTER_VALUES,
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: ' Ada@Example.COM ',
  password: 'Secret12!',
  confirmPassword: 'Secret12!',
  companyName: 'Analytical Engines',
  country: 'Taiwan',
  phoneMode: 'phone',
  telCountryCode: '886',
  telAreacode: '02',
  telNo: '27927818',
  telExt: '',
  mobileCountryCode: '886',
  mobile: '912345678',
  VATNumber: 'DE123',
  Address: 'Somewhere 1',
  isGlobalAgreePolicy: true,
  isSubscribe: false,
};

const context: RegisterPayloadContext = {
  lang: 'ja-jp',
  referer: 'https://shop.example.com/cart',
  query: {
    callbackUrl: 'https://shop.example.com/after?x=1',
    pass: 'RMA',
    registerPurpose: 'webinar',
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'spring',
  },
};

t.test('the e-mail is normalised and doubles as the user id; query values are renamed', async (t) => {
  const payload = buildRegisterPayload(values, context);
  t.equal(payload.email, 'ada@example.com');
  t.equal(payload.userId, 'ada@example.com');
  t.equal(payload.firstName, 'Ada');
  t.equal(payload.returnUrl, 'https://shop.example.com/after?x=1');
  t.equal(payload.source, 'rma');
  t.equal(payload.lang, 'ja-jp');
  t.same(payload.memberExtension, {
    address: '',
    vatNumber: '',
    registerPurpose: 'webinar',
    referer: 'https://shop.example.com/cart',
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'spring',
  });
  t.equal(payload.password, 'Secret12!');
  t.equal(payload.confirmPassword, 'Secret12!');
  t.ok(Value.Check(RegisterRequestSchema, payload), 'the payload matches the shared schema');
});

t.test('only the chosen phone mode is sent', async (t) => {
  const phone = buildRegisterPayload(values, context);
  t.match(phone, { telCountryCode: '886', telAreacode: '02', telNo: '27927818', mobile: '', mobileCountryCode: '' });
  const mobile = buildRegisterPayload({ ...values, phoneMode: 'mobile' }, context);
  t.match(mobile, { telCountryCode: '', telAreacode: '', telNo: '', telExt: '', mobile: '912345678', mobileCountryCode: '886' });
  const china = buildRegisterPayload({ ...values, country: 'China', phoneMode: 'phone' }, context);
  t.match(china, { telNo: '', mobile: '912345678' }, 'China is always mobile');
});

t.test('VAT number and address travel only for a Europe-region country with pass=rma', async (t) => {
  const europe = buildRegisterPayload(values, { ...context, region: 'Europe' });
  t.match(europe, { VATNumber: 'DE123', Address: 'Somewhere 1', memberExtension: { vatNumber: 'DE123', address: 'Somewhere 1' } });
  const otherPass = buildRegisterPayload(values, { ...context, region: 'Europe', query: { ...context.query, pass: 'iotmart-ana' } });
  t.match(otherPass, { VATNumber: '', Address: '' });
  const asia = buildRegisterPayload(values, { ...context, region: 'Asia' });
  t.match(asia, { VATNumber: '', Address: '' });
});

t.test("each country sends its own block's consent flags and the subscribe answer", async (t) => {
  const global = buildRegisterPayload(values, context);
  t.equal(global.isGlobalAgreePolicy, true);
  t.equal(global.isSubscribe, false);
  t.notOk('turkeyPolicyConsent' in global);

  const turkey = buildRegisterPayload(
    { ...values, country: 'Turkey', turkeyPolicyConsent: true, isSubscribe: true, isGlobalAgreePolicy: true },
    context,
  );
  t.same([turkey.turkeyPolicyConsent, turkey.isSubscribe, 'isGlobalAgreePolicy' in turkey], [true, true, false]);

  const korea = buildRegisterPayload(
    { ...values, country: 'South Korea', koreaTermsConsent: true, koreaPersonalDataConsent: true },
    context,
  );
  t.same([korea.koreaTermsConsent, korea.koreaPersonalDataConsent, 'isGlobalAgreePolicy' in korea], [true, true, false]);

  const japan = buildRegisterPayload({ ...values, country: 'Japan', japanPolicyConsent: true }, context);
  t.same([japan.japanPolicyConsent, 'isGlobalAgreePolicy' in japan], [true, false]);
});

t.test('a captcha answer is passed through when there is one', async (t) => {
  t.notOk('captchaVerify' in buildRegisterPayload(values, context));
  const payload = buildRegisterPayload(values, { ...context, captchaVerify: { reCaptchaType: 1, token: 'tok' } });
  t.same(payload.captchaVerify, { reCaptchaType: 1, token: 'tok' });
});

t.test('missing query values become empty strings and overlong tracking values are cut to the schema', async (t) => {
  const payload = buildRegisterPayload(values, {
    lang: 'en',
    referer: `https://example.com/${'r'.repeat(3000)}`,
    query: { utmSource: 'u'.repeat(500) },
  });
  t.equal(payload.returnUrl, '');
  t.equal(payload.source, '');
  t.equal(payload.memberExtension?.registerPurpose, '');
  t.equal(payload.memberExtension?.utmSource?.length, 200);
  t.equal(payload.memberExtension?.referer?.length, 2048);
  t.ok(Value.Check(RegisterRequestSchema, payload));
});
