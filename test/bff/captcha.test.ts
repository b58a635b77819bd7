import t from 'tap';
import { request } from 'undici';
import { createClient, startStack, validRegistration, activationLinkFor } from '../helper.ts';
import { startSiteverify } from '../helpers/siteverify.ts';
import { findLink, readOutbox, waitForMail } from '../helpers/outbox.ts';

t.test('captcha verification', async (t) => {
  const WECHAT_UA = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Mobile Safari/537.36 MicroMessenger/8.0.42';

  async function captchaStack(t: Parameters<typeof startStack>[0], extra: NodeJS.ProcessEnv = {}) {
    const google = await startSiteverify(t, 'google-secret');
    const turnstile = await startSiteverify(t, 'turnstile-secret');
    const stack = await startStack(t, {
      env: {
        RECAPTCHA_SITE_KEY: 'google-site',
        RECAPTCHA_SECRET_KEY: 'google-secret',
        RECAPTCHA_VERIFY_URL: google.url,
        TURNSTILE_SITE_KEY: 'turnstile-site',
        TURNSTILE_SECRET_KEY: 'turnstile-secret',
        TURNSTILE_VERIFY_URL: turnstile.url,
        REGISTER_RATE_LIMIT_PER_MINUTE: '1000',
        ...extra,
      },
    });
    return { stack, google, turnstile, browser: createClient(stack.bffUrl) };
  }

  const exists = async (browser: ReturnType<typeof createClient>, email: string) =>
    (await browser.post('/api/Member/IsExist', { email })).body.data.isExist;

  t.test('Google captcha: missing, wrong and reused answers are refused before anything goes upstream', async (t) => {
    const { browser, google, turnstile } = await captchaStack(t);
    const email = 'captcha@example.com';

    for (const captchaVerify of [
      undefined,
      { reCaptchaType: 1 },
      { reCaptchaType: 1, token: '' },
      { reCaptchaType: 1, token: 'made-up' },
    ]) {
      const res = await browser.post('/api/Member/Register', validRegistration(email, captchaVerify ? { captchaVerify } : {}));
      t.equal(res.status, 400);
      t.equal(res.body.code, 'Form_ReCaptcha_Invalid', JSON.stringify(captchaVerify));
    }
    t.equal(await exists(browser, email), false, 'refused registrations create nothing');

    const turnstileToken = turnstile.issue();
    const otherProvider = await browser.post(
      '/api/Member/Register',
      validRegistration(email, { captchaVerify: { reCaptchaType: 2, token: turnstileToken } }),
    );
    t.equal(otherProvider.body.code, 'Form_ReCaptcha_Invalid', 'claiming the other provider does not change whose answer is needed');

    const solvedElsewhere = await browser.post(
      '/api/Member/Register',
      validRegistration(email, { captchaVerify: { reCaptchaType: 1, token: google.issue('evil.example') } }),
    );
    t.equal(solvedElsewhere.body.code, 'Form_ReCaptcha_Invalid', 'an answer solved on another site does not count');

    const token = google.issue();
    const accepted = await browser.post('/api/Member/Register', validRegistration(email, { captchaVerify: { reCaptchaType: 1, token } }));
    t.equal(accepted.body.code, 'ok', accepted.text);
    t.match(google.calls.at(-1), { secret: 'google-secret', response: token, remoteip: '127.0.0.1' });

    const reused = await browser.post(
      '/api/Member/Register',
      validRegistration('second@example.com', { captchaVerify: { reCaptchaType: 1, token } }),
    );
    t.equal(reused.body.code, 'Form_ReCaptcha_Invalid', 'an answer works once');
    t.equal(await exists(browser, 'second@example.com'), false);
  });

  t.test('the Chinese host uses Turnstile', async (t) => {
    const { stack, google, turnstile } = await captchaStack(t, { CHINESE_HOSTS: 'member.example.cn' });
    // fetch cannot name another Host; undici's request can, as a browser on the Chinese site would.
    const onChineseHost = async (body: unknown) => {
      const res = await request(new URL('/api/Member/Register', stack.bffUrl), {
        method: 'POST',
        headers: { host: 'member.example.cn', 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify(body),
      });
      return (await res.body.json()) as { code?: string };
    };
    const googleAnswer = await onChineseHost(
      validRegistration('cn@example.com', { lang: 'zh-cn', captchaVerify: { reCaptchaType: 1, token: google.issue() } }),
    );
    t.equal(googleAnswer.code, 'Form_ReCaptcha_Invalid');
    const token = turnstile.issue('member.example.cn');
    const accepted = await onChineseHost(
      validRegistration('cn@example.com', { lang: 'zh-cn', captchaVerify: { reCaptchaType: 2, token } }),
    );
    t.equal(accepted.code, 'ok', JSON.stringify(accepted));
    t.equal(turnstile.calls.at(-1)?.secret, 'turnstile-secret');
  });

  t.test('type 99 (WeChat) cannot switch the captcha off unless allowed and from WeChat', async (t) => {
    const strict = await captchaStack(t);
    const claim = { captchaVerify: { reCaptchaType: 99 } };
    t.equal(
      (await strict.browser.post('/api/Member/Register', validRegistration('w1@example.com', claim))).body.code,
      'Form_ReCaptcha_Invalid',
    );
    const fromWeChat = await strict.browser.post('/api/Member/Register', validRegistration('w1@example.com', claim), {
      headers: { 'user-agent': WECHAT_UA },
    });
    t.equal(fromWeChat.body.code, 'Form_ReCaptcha_Invalid', 'not allowed by configuration');

    const allowing = await captchaStack(t, { CAPTCHA_WECHAT_SKIP: 'true' });
    const notWeChat = await allowing.browser.post('/api/Member/Register', validRegistration('w2@example.com', claim), {
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/120' },
    });
    t.equal(notWeChat.body.code, 'Form_ReCaptcha_Invalid', 'claiming 99 from another browser');
    const weChat = await allowing.browser.post('/api/Member/Register', validRegistration('w2@example.com', claim), {
      headers: { 'user-agent': WECHAT_UA },
    });
    t.equal(weChat.body.code, 'ok', weChat.text);
    t.equal(allowing.google.calls.length, 0, 'nothing to verify for WeChat');
  });

  t.test('resending the verification mail needs the captcha too', async (t) => {
    const { browser, google } = await captchaStack(t);
    const refused = await browser.post('/api/Member/Reactivate', { userId: 'someone@example.com', lang: 'en' });
    t.equal(refused.body.code, 'Form_ReCaptcha_Invalid');
    const ok = await browser.post('/api/Member/Reactivate', {
      userId: 'someone@example.com',
      lang: 'en',
      captchaVerify: { reCaptchaType: 1, token: google.issue() },
    });
    t.equal(ok.body.code, 'ok');
  });

  t.test('an unreachable provider fails closed', async (t) => {
    const { browser } = await captchaStack(t, { RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' });
    const res = await browser.post(
      '/api/Member/Register',
      validRegistration('down@example.com', { captchaVerify: { reCaptchaType: 1, token: 'anything' } }),
    );
    t.equal(res.body.code, 'Form_ReCaptcha_Invalid');
    t.equal(await exists(browser, 'down@example.com'), false);
  });
});

t.test('forgot password with captcha', async (t) => {
  t.test('forgot password with captcha configured: verified by the portal; resends need it only for strangers', async (t) => {
    const google = await startSiteverify(t, 'google-secret');
    const stack = await startStack(t, {
      env: { RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET_KEY: 'google-secret', RECAPTCHA_VERIFY_URL: google.url },
    });
    const browser = createClient(stack.bffUrl);
    const member = { email: 'captcha-member@example.com' };
    await createClient(stack.bffUrl).post(
      '/api/Member/Register',
      validRegistration(member.email, { captchaVerify: { reCaptchaType: 1, token: google.issue() } }),
    );
    const activation = await activationLinkFor(stack.dataDir, member.email);
    t.equal((await browser.post('/api/Member/Activate', { userId: activation!.userId, token: activation!.token })).body.code, 'ok');
    const mails = async () => (await readOutbox(stack.dataDir)).filter((mail) => mail.to === member.email).length;

    const without = await browser.post('/api/Member/ForgotPwd', { userId: member.email });
    t.equal(without.body.code, 'Form_ReCaptcha_Invalid', 'no answer, no mail');
    const claimedOff = await browser.post('/api/Member/ForgotPwd', { userId: member.email, captchaVerify: { reCaptchaType: 99 } });
    t.equal(claimedOff.body.code, 'Form_ReCaptcha_Invalid', 'claiming type 99 does not switch it off');
    const forged = await browser.post('/api/Member/ForgotPwd', {
      userId: member.email,
      captchaVerify: { reCaptchaType: 1, token: 'made-up' },
    });
    t.equal(forged.body.code, 'Form_ReCaptcha_Invalid');
    t.equal(
      (await browser.post('/api/Member/ForgotPwd', { userId: 'nobody@example.com' })).body.code,
      'Form_ReCaptcha_Invalid',
      'no telling who is registered without it',
    );

    const passed = await browser.post('/api/Member/ForgotPwd', {
      userId: member.email,
      captchaVerify: { reCaptchaType: 1, token: google.issue() },
    });
    t.equal(passed.body.code, 'ok', passed.text);
    const link = findLink(await waitForMail(stack.dataDir, member.email, { count: 2 }), '/auth/verify-email/')!;
    const publicId = decodeURIComponent(link.split('/').at(-1)!);

    t.equal(
      (await browser.post('/api/Member/ResendResetPwdMail', { userId: member.email.toUpperCase() })).body.code,
      'ok',
      'the same browser resends to its address',
    );
    await waitForMail(stack.dataDir, member.email, { count: 3 });
    const stranger = createClient(stack.bffUrl);
    t.equal(
      (await stranger.post('/api/Member/ResendResetPwdMail', { userId: member.email })).body.code,
      'Form_ReCaptcha_Invalid',
      'another browser needs the captcha',
    );
    t.equal(
      (await stranger.post('/api/Member/ResendResetPwdMail', { userId: publicId })).body.code,
      'ok',
      'the id of a link reaches only its owner',
    );
    await waitForMail(stack.dataDir, member.email, { count: 4 });
    t.equal(await mails(), 4, 'verification, reset, two resends');
  });
});
