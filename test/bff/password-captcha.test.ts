import t from 'tap';
import { activationLinkFor, createClient, startStack, validRegistration } from '../helper.ts';
import { findLink, readOutbox, waitForMail } from '../helpers/outbox.ts';
import { startSiteverify } from '../helpers/siteverify.ts';

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
