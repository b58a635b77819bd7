import t from 'tap';
import { request } from 'undici';
import { createClient, startStack, validRegistration } from '../../helper.ts';
import { startSiteverify } from '../../helpers/siteverify.ts';

/*
 * With only reCAPTCHA configured, a request that names the Chinese site's language (body `lang`
 * or `?lang=`) used to select Turnstile, which had no keys, so the forms let it through without
 * any captcha. The provider follows the host alone, and a host whose provider has no keys while
 * the other has refuses.
 */

async function googleOnly(t: Parameters<typeof startStack>[0]) {
  const google = await startSiteverify(t, 'google-secret');
  const stack = await startStack(t, {
    env: {
      RECAPTCHA_SITE_KEY: 'google-site',
      RECAPTCHA_SECRET_KEY: 'google-secret',
      RECAPTCHA_VERIFY_URL: google.url,
      CHINESE_HOSTS: 'member.example.cn',
      REGISTER_RATE_LIMIT_PER_MINUTE: '1000',
    },
  });
  return { stack, google, browser: createClient(stack.bffUrl) };
}

/** fetch cannot name another Host; undici's request can, as a browser on the Chinese site's host would. */
async function postOnChineseHost(bffUrl: string, path: string, body: unknown): Promise<{ code?: string }> {
  const res = await request(new URL(path, bffUrl), {
    method: 'POST',
    headers: { host: 'member.example.cn', 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
  return (await res.body.json()) as { code?: string };
}

const exists = async (browser: ReturnType<typeof createClient>, email: string) =>
  (await browser.post('/api/Member/IsExist', { email })).body.data.isExist;

t.test('the language a request names cannot switch the captcha off', async (t) => {
  const { browser } = await googleOnly(t);
  const attempts: Array<[string, string, Record<string, unknown>]> = [
    ['/api/Member/Register', '', validRegistration('body-lang@example.com', { lang: 'zh-cn' })],
    ['/api/Member/Register', '?lang=zh-cn', validRegistration('query-lang@example.com')],
    ['/api/Member/ForgotPwd', '?lang=zh-cn', { userId: 'someone@example.com', lang: 'zh-cn' }],
    ['/api/Member/Reactivate', '?lang=zh-cn', { userId: 'someone@example.com', lang: 'zh-cn' }],
    ['/api/Member/ResendResetPwdMail', '?lang=zh-cn', { userId: 'someone@example.com', lang: 'zh-cn' }],
  ];
  for (const [path, query, body] of attempts) {
    const res = await browser.post(`${path}${query}`, body, { headers: { 'accept-language': 'zh-CN' } });
    t.equal(res.body.code, 'Form_ReCaptcha_Invalid', `${path}${query}: ${res.text}`);
  }
  t.equal(await exists(browser, 'body-lang@example.com'), false);
  t.equal(await exists(browser, 'query-lang@example.com'), false);
  const config = await browser.get('/api/info/PortalConfig?lang=zh-cn');
  t.same(config.body.data.captcha, { type: 1, siteKey: 'google-site' }, 'the zh-cn page shows the captcha that is checked');
});

t.test('on the Chinese host, whose provider has no keys while Google has, the forms refuse', async (t) => {
  const { stack, browser, google } = await googleOnly(t);
  const withGoogleAnswer = validRegistration('cn-host@example.com', { captchaVerify: { reCaptchaType: 1, token: google.issue() } });
  t.equal((await postOnChineseHost(stack.bffUrl, '/api/Member/Register', withGoogleAnswer)).code, 'Form_ReCaptcha_Invalid');
  const without = validRegistration('cn-host2@example.com');
  t.equal((await postOnChineseHost(stack.bffUrl, '/api/Member/Register', without)).code, 'Form_ReCaptcha_Invalid');
  t.equal(await exists(browser, 'cn-host@example.com'), false);
  t.equal(await exists(browser, 'cn-host2@example.com'), false);
});

t.test('a solved captcha still passes where its provider is the host’s', async (t) => {
  const { browser, google } = await googleOnly(t);
  const res = await browser.post(
    '/api/Member/Register?lang=zh-cn',
    validRegistration('solved@example.com', { lang: 'zh-cn', captchaVerify: { reCaptchaType: 1, token: google.issue() } }),
  );
  t.equal(res.body.code, 'ok', res.text);
});
