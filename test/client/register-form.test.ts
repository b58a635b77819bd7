import t from 'tap';
import { type CountryRecord } from '../../shared/schemas/info.ts';
import { findCountry } from '../../client/ui/country/find-country.ts';
import { countryChangePatch } from '../../client/pages/register/country-change.ts';
import { effectivePhoneMode, switchPhoneMode } from '../../client/pages/register/phone-mode.ts';
import { INITIAL_REGISTER_VALUES, type RegisterFormValues } from '../../client/pages/register/register-values.ts';
import { loginLinkSearch } from '../../client/pages/register/login-link.ts';
import { registerFailure, registerFieldOf } from '../../client/pages/register/server-errors.ts';
import { CaptchaType } from '../../shared/enums.ts';
import { validateCaptcha } from '../../shared/rules/registration.ts';
import { captchaAnswer } from '../../client/ui/captcha/captcha-answer.ts';
import { sampleNumberId, sampleNumberPath } from '../../client/pages/register/sample-numbers.ts';
import { validatePreferring } from '../../client/pages/choosing-preferring/preferring-values.ts';
import { countryCodeOptions } from '../../client/ui/country/country-code-options.ts';
import { secondsLeft } from '../../client/ui/countdown.ts';
import { koreaAllAccepted, PRIVACY_ANSWERS, resetPrivacyAnswers, setKoreaAll } from '../../client/pages/register/privacy-answers.ts';

t.test('phone and country', async (t) => {
  const country = (name: string, phoneCode: string, region = 'Asia', states: string[] = []): CountryRecord => ({
    code: name.slice(0, 2).toUpperCase(),
    name,
    label: name,
    phoneCode,
    region,
    states,
  });
  const taiwan = country('Taiwan', '886');
  const china = country('China', '86', 'Asia', ['Beijing', 'Shanghai']);
  const germany = country('Germany', '49', 'Europe');

  const filledPhone: RegisterFormValues = {
    ...INITIAL_REGISTER_VALUES,
    country: 'Taiwan',
    phoneMode: 'phone',
    telCountryCode: '886',
    telAreacode: '02',
    telNo: '27927818',
    telExt: '123',
  };

  t.test('China always uses mobile, other countries keep the chosen mode', async (t) => {
    t.equal(effectivePhoneMode('China', 'phone'), 'mobile');
    t.equal(effectivePhoneMode('china', 'phone'), 'mobile');
    t.equal(effectivePhoneMode('Taiwan', 'phone'), 'phone');
    t.equal(effectivePhoneMode('Taiwan', 'mobile'), 'mobile');
    t.equal(effectivePhoneMode(undefined, 'phone'), 'phone');
  });

  t.test('switching to mobile clears every fixed-line field and fills the mobile country code', async (t) => {
    t.same(switchPhoneMode(filledPhone, 'mobile', '886'), {
      phoneMode: 'mobile',
      telCountryCode: '',
      telAreacode: '',
      telNo: '',
      telExt: '',
      mobileCountryCode: '886',
    });
  });

  t.test('switching to phone clears the mobile fields and keeps a code the member already chose', async (t) => {
    const values: RegisterFormValues = {
      ...filledPhone,
      phoneMode: 'mobile',
      mobile: '912345678',
      mobileCountryCode: '886',
      telCountryCode: '1',
    };
    t.same(switchPhoneMode(values, 'phone', '886'), { phoneMode: 'phone', mobileCountryCode: '', mobile: '' });
  });

  t.test('a Chinese member cannot switch to the fixed-line mode', async (t) => {
    const values: RegisterFormValues = {
      ...INITIAL_REGISTER_VALUES,
      country: 'China',
      phoneMode: 'mobile',
      mobile: '13800138000',
      mobileCountryCode: '86',
    };
    const patch = switchPhoneMode(values, 'phone', '86');
    t.equal(patch.phoneMode, 'mobile');
    t.equal(patch.mobile, undefined, 'the mobile number stays');
    t.equal(patch.telNo, '');
  });

  t.test('choosing China forces mobile, drops the fixed line and the state, and takes its code', async (t) => {
    const patch = countryChangePatch({ ...filledPhone, state: 'Taipei' }, china);
    t.match(patch, {
      country: 'China',
      state: '',
      phoneMode: 'mobile',
      telNo: '',
      telAreacode: '',
      telExt: '',
      telCountryCode: '',
      mobileCountryCode: '86',
    });
  });

  t.test('a new country replaces the country code of the current mode and keeps the number', async (t) => {
    const patch = countryChangePatch(filledPhone, germany);
    t.equal(patch.telCountryCode, '49');
    t.equal(patch.phoneMode, 'phone');
    t.equal(patch.telNo, undefined, 'the phone number is not touched');
    t.equal(patch.mobile, '');
  });

  t.test('a country change resets every privacy answer', async (t) => {
    const answered: RegisterFormValues = {
      ...filledPhone,
      isGlobalAgreePolicy: true,
      turkeyPolicyConsent: true,
      koreaTermsConsent: true,
      koreaPersonalDataConsent: false,
      japanPolicyConsent: true,
      isSubscribe: false,
    };
    const patch = countryChangePatch(answered, taiwan);
    for (const answer of [
      'isGlobalAgreePolicy',
      'turkeyPolicyConsent',
      'koreaTermsConsent',
      'koreaPersonalDataConsent',
      'japanPolicyConsent',
      'isSubscribe',
    ] as const) {
      t.ok(answer in patch, `${answer} is part of the patch`);
      t.equal(patch[answer], undefined, `${answer} is unanswered`);
    }
  });

  t.test('clearing the country clears the codes', async (t) => {
    t.match(countryChangePatch(filledPhone, undefined), { country: '', telCountryCode: '' });
  });

  t.test('countries are found by their stored English name', async (t) => {
    t.equal(findCountry([taiwan, china], 'China'), china);
    t.equal(findCountry([taiwan, china], 'Atlantis'), undefined);
    t.equal(findCountry(undefined, 'China'), undefined);
    t.equal(findCountry([taiwan], ''), undefined);
  });
});

t.test('links and errors', async (t) => {
  t.test('the login link keeps the query string', async (t) => {
    t.equal(loginLinkSearch(''), '');
    t.equal(loginLinkSearch('?pass=rma&utm_source=x'), '?pass=rma&utm_source=x');
    t.equal(loginLinkSearch('?callbackurl=https%3A%2F%2Fa.example.com%2F'), '?callbackurl=https%3A%2F%2Fa.example.com%2F');
  });

  t.test('CallBackLoginURL becomes CallBackURL in place and wins over another callback', async (t) => {
    t.equal(
      loginLinkSearch('?pass=rma&CallBackLoginURL=https%3A%2F%2Fa.example.com&x=1'),
      '?pass=rma&CallBackURL=https%3A%2F%2Fa.example.com&x=1',
    );
    t.equal(
      loginLinkSearch('?callbackurl=https%3A%2F%2Fb.example.com&callbackloginurl=https%3A%2F%2Fa.example.com'),
      '?CallBackURL=https%3A%2F%2Fa.example.com',
    );
    t.equal(loginLinkSearch('?CALLBACKLOGINURL=one&CallBackLoginURL=two'), '?CallBackURL=one', 'the first occurrence wins');
  });

  t.test('server field names map to form fields, case-insensitively and through aliases', async (t) => {
    t.equal(registerFieldOf('FirstName', 'Form_Required'), 'firstName');
    t.equal(registerFieldOf('vatnumber', 'Form_Length'), 'VATNumber');
    t.equal(registerFieldOf('memberExtension.address', 'Form_Length'), 'Address');
    t.equal(registerFieldOf('userId', 'Form_Format'), 'email');
    t.equal(registerFieldOf(undefined, 'Form_MobileNumber_Invalid'), 'mobile');
    t.equal(registerFieldOf('somethingElse', 'Form_Required'), undefined);
    t.equal(registerFieldOf(undefined, 'FormValidateFail'), undefined);
  });

  t.test('EmailExists and ContactHR mark the e-mail field and give one toast', async (t) => {
    t.same(registerFailure({ code: 'EmailExists' }), {
      fieldErrors: { email: 'EmailExists' },
      toasts: [{ messageKey: 'error.EmailExists' }],
    });
    t.same(registerFailure({ code: 'ContactHR' }).fieldErrors, { email: 'ContactHR' });
  });

  t.test('a list of problems gives one toast per item and field messages where a field is shown', async (t) => {
    const failure = registerFailure({
      code: 'FormValidateFail',
      errors: [
        { field: 'telNo', code: 'Form_PhoneNumber_Invalid' },
        { field: 'lastName', code: 'LastNameRequired' },
        { code: 'Form_ReCaptcha_Invalid' },
        { field: 'unknown', code: 'Form_Required' },
      ],
    });
    t.same(failure.fieldErrors, {
      telNo: 'Form_PhoneNumber_Invalid',
      lastName: 'LastNameRequired',
      captchaToken: 'Form_ReCaptcha_Invalid',
    });
    t.same(
      failure.toasts.map((toast) => toast.messageKey),
      ['error.Form_PhoneNumber_Invalid', 'error.LastNameRequired', 'error.Form_ReCaptcha_Invalid', 'error.Form_Required'],
    );
  });

  t.test('a server title wins over the mapped message', async (t) => {
    t.same(registerFailure({ code: 'servererror', title: 'Maintenance until 10:00' }), {
      fieldErrors: {},
      toasts: [{ messageKey: 'error.servererror', text: 'Maintenance until 10:00' }],
    });
  });
});

t.test('captcha and sample numbers', async (t) => {
  const canada: CountryRecord = {
    code: 'CA',
    name: 'Canada',
    label: 'Canada',
    phoneCode: '1',
    region: 'North America',
    states: ['Ontario'],
  };

  t.test('captcha answer sent with a request', async (t) => {
    t.same(captchaAnswer(CaptchaType.Google, 'tok'), { reCaptchaType: 1, token: 'tok' });
    t.same(captchaAnswer(CaptchaType.Cloudflare, undefined), { reCaptchaType: 2, token: '' });
    t.same(captchaAnswer(CaptchaType.None, 'ignored'), { reCaptchaType: 99 }, 'WeChat: the type only');
    t.equal(captchaAnswer(null, 'tok'), undefined, 'captcha off: nothing');
    t.equal(captchaAnswer(undefined, undefined), undefined, 'while the configuration loads: nothing');
  });

  t.test('captcha rule: a Google token is required', async (t) => {
    t.equal(validateCaptcha(CaptchaType.Google, ''), 'CaptchaRequired');
    t.equal(validateCaptcha(CaptchaType.Google, 'tok'), undefined);
    t.equal(validateCaptcha(CaptchaType.Cloudflare, ''), undefined);
    t.equal(validateCaptcha(null, undefined), undefined);
  });

  t.test('sample numbers are asked for the chosen country or the chosen calling code', async (t) => {
    t.equal(sampleNumberId(undefined, undefined), undefined, 'nothing chosen: select a country first');
    t.equal(sampleNumberId(canada, '1'), 'CA', '+1 in Canada shows Canadian numbers');
    t.equal(sampleNumberId(canada, ''), 'CA');
    t.equal(sampleNumberId(canada, '+44'), '44', 'another calling code picked in the selector');
    t.equal(sampleNumberId(undefined, '86'), '86');
    t.equal(sampleNumberId(undefined, '86x'), undefined);
    t.equal(sampleNumberPath('+44'), '/api/Member/GetSampleNumber/%2B44');
  });

  t.test('choosing-preferring: both questions required', async (t) => {
    t.same(validatePreferring({ businessApplicationAreas: [], inProducts: [] }), {
      businessApplicationAreas: 'QuestionRequired',
      inProducts: 'QuestionRequired',
    });
    t.same(validatePreferring({ businessApplicationAreas: ['healthcare'], inProducts: ['edge-ai'] }), {
      businessApplicationAreas: undefined,
      inProducts: undefined,
    });
  });
});

t.test('calling codes and countdown', async (t) => {
  const country = (name: string, phoneCode: string): CountryRecord => ({
    code: name.slice(0, 2),
    name,
    label: `${name}*`,
    phoneCode,
    region: 'X',
    states: [],
  });
  const countries = [country('Canada', '1'), country('Taiwan', '886'), country('United States', '+1'), country('Nowhere', '')];

  t.test('one option per phone code, labelled with a country, a plus sign and the code', async (t) => {
    t.same(countryCodeOptions(countries), [
      { value: '1', label: 'Canada* +1' },
      { value: '886', label: 'Taiwan* +886' },
      { value: '+1', label: 'United States* +1' },
    ]);
    t.same(
      countryCodeOptions([country('Canada', '1'), country('Bermuda', '1')]),
      [{ value: '1', label: 'Canada* +1' }],
      'the first country names a shared code',
    );
  });

  t.test('the chosen country names its shared code', async (t) => {
    const options = countryCodeOptions([country('Canada', '1'), country('Taiwan', '886'), country('United States', '1')], 'United States');
    t.same(options, [
      { value: '886', label: 'Taiwan* +886' },
      { value: '1', label: 'United States* +1' },
    ]);
  });

  t.test('seconds left round a started second up and never go below zero', async (t) => {
    t.equal(secondsLeft(10_000, 0), 10);
    t.equal(secondsLeft(10_000, 9_001), 1);
    t.equal(secondsLeft(10_000, 10_000), 0);
    t.equal(secondsLeft(10_000, 99_000), 0);
    t.equal(secondsLeft(0, Date.now()), 0);
  });
});

t.test('privacy answers', async (t) => {
  t.test('the reset patch names every privacy answer and leaves each unanswered', async (t) => {
    const patch = resetPrivacyAnswers();
    t.same(Object.keys(patch).sort(), [...PRIVACY_ANSWERS].sort());
    t.ok(Object.values(patch).every((value) => value === undefined));
  });

  t.test("Korea's select-all reflects and sets both consents", async (t) => {
    t.equal(koreaAllAccepted({ koreaTermsConsent: true, koreaPersonalDataConsent: true, isSubscribe: true }), true);
    t.equal(
      koreaAllAccepted({ koreaTermsConsent: true, koreaPersonalDataConsent: true, isSubscribe: false }),
      false,
      'the marketing e-mails too',
    );
    t.equal(koreaAllAccepted({ koreaTermsConsent: true, koreaPersonalDataConsent: false }), false);
    t.equal(koreaAllAccepted({ koreaTermsConsent: true }), false);
    t.equal(koreaAllAccepted({}), false);
    t.same(setKoreaAll(true), { koreaTermsConsent: true, koreaPersonalDataConsent: true, isSubscribe: true });
    t.same(
      setKoreaAll(false),
      { koreaTermsConsent: undefined, koreaPersonalDataConsent: undefined, isSubscribe: false },
      'required ones not given, e-mails no',
    );
  });
});
