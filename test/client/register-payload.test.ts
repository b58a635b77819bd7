import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { RegisterRequestSchema } from '../../shared/schemas/register.ts';
import { buildRegisterPayload, type RegisterPayloadContext } from '../../client/pages/register/register-payload.ts';
import { INITIAL_REGISTER_VALUES, type RegisterFormValues } from '../../client/pages/register/register-values.ts';
import {
  activationButton,
  activationOutcome,
  errorPagePath,
  isPortalPath,
  passFromLink,
} from '../../client/pages/activate-member/activation-outcome.ts';

t.test('the payload', async (t) => {
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
});

t.test('activation', async (t) => {
  t.test('a successful activation goes to the accepted return URL, and login keeps it', async (t) => {
    const outcome = activationOutcome(
      { isSuccess: true, code: 'ok', data: { returnUrl: 'https://shop.example.com/a?b=1', pass: 'rma', socialType: 0 } },
      'ja-jp',
      'opaque-id',
    );
    t.same(outcome, {
      kind: 'activated',
      destination: 'https://shop.example.com/a?b=1',
      loginPath: '/ja-jp/login?callbackurl=https%3A%2F%2Fshop.example.com%2Fa%3Fb%3D1&pass=rma',
      returnUrl: 'https://shop.example.com/a?b=1',
    });
  });

  t.test('without a return URL the redirect page is next, and the link pass is kept', async (t) => {
    t.same(activationOutcome({ isSuccess: true, code: 'ok', data: { socialType: 0 } }, 'en', 'id', 'iotmart-ana'), {
      kind: 'activated',
      destination: '/en/redirect-page',
      loginPath: '/en/login?pass=iotmart-ana',
      returnUrl: '',
    });
    t.same(activationOutcome({ isSuccess: true, code: 'ok' }, 'es-es', 'id'), {
      kind: 'activated',
      destination: '/es-es/redirect-page',
      loginPath: '/es-es/login',
      returnUrl: '',
    });
  });

  t.test('Activated and refusals go to the error page with the user id', async (t) => {
    t.same(activationOutcome({ isSuccess: false, code: 'Activated' }, 'en', 'a b&c'), {
      kind: 'failed',
      errorPath: '/en/error?userId=a+b%26c&error=activated',
    });
    t.same(activationOutcome({ isSuccess: false, code: 'unauthorized' }, 'zh-tw', 'x'), {
      kind: 'failed',
      errorPath: '/zh-tw/error?userId=x&error=unauthorized',
    });
    t.same(activationOutcome({ isSuccess: false, code: 'FormValidateFail' }, 'en', 'x'), {
      kind: 'failed',
      errorPath: '/en/error?userId=x&error=unauthorized',
    });
    t.equal(errorPagePath('ko-kr', '', 'unauthorized'), '/ko-kr/error?userId=&error=unauthorized');
  });

  t.test("the link's '-' means no pass", async (t) => {
    t.equal(passFromLink('-'), '');
    t.equal(passFromLink(undefined), '');
    t.equal(passFromLink('RMA'), 'rma');
  });

  t.test('only same-origin paths count as portal paths', async (t) => {
    t.ok(isPortalPath('/en/redirect-page'));
    t.notOk(isPortalPath('//evil.example.com/'));
    t.notOk(isPortalPath('/\\evil.example.com/'));
    t.notOk(isPortalPath('https://shop.example.com/'));
    t.notOk(isPortalPath('/oidc/interaction/abc'), "a company site's sign-in under way is the server's, a full navigation");
  });

  t.test(
    'the button says where it goes: the waiting company site (through sign-in), else My account when signed in, else sign-in',
    async (t) => {
      const toShop = {
        destination: 'https://shop.example.com/a',
        loginPath: '/en/login?callbackurl=x',
        returnUrl: 'https://shop.example.com/a',
      };
      t.same(activationButton(toShop, 'Shop', true, 'en'), {
        label: 'activation.activate.continueTo',
        site: 'Shop',
        to: '/en/login?callbackurl=x',
      });
      t.same(
        activationButton(toShop, null, false, 'en'),
        { label: 'activation.activate.continueTo', site: 'shop.example.com', to: '/en/login?callbackurl=x' },
        'a site without a configured name is named by its host',
      );
      const noSite = { destination: '/ko-kr/redirect-page', loginPath: '/ko-kr/login', returnUrl: '' };
      t.same(activationButton(noSite, undefined, true, 'ko-kr'), { label: 'activation.activate.goToMyAccount', to: '/ko-kr/my-account' });
      t.same(activationButton(noSite, undefined, false, 'ko-kr'), { label: 'activation.activate.goToLogin', to: '/ko-kr/login' });
    },
  );
});

t.test('tracking values', async (t) => {
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
});
