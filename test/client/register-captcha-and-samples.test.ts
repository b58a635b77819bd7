import t from 'tap';
import { CaptchaType } from '../../shared/enums.ts';
import type { CountryRecord } from '../../shared/schemas/info.ts';
import { validateCaptcha } from '../../shared/rules/registration.ts';
import { captchaAnswer } from '../../client/ui/captcha/captcha-answer.ts';
import { sampleNumberId, sampleNumberPath } from '../../client/pages/register/sample-numbers.ts';
import { validatePreferring } from '../../client/pages/choosing-preferring/preferring-values.ts';

const canada: CountryRecord = { code: 'CA', name: 'Canada', label: 'Canada', phoneCode: '1', region: 'North America', states: ['Ontario'] };

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
