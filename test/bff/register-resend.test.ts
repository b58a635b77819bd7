import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { ACTIVATION_LINK_VALID_SECONDS } from '../../shared/limits.ts';
import { activationLinkFor, createClient, startStack, TEST_PASSWORD, validRegistration } from '../helper.ts';
import { readOutbox } from '../helpers/outbox.ts';
import { startSiteverify } from '../helpers/siteverify.ts';

const COUNTDOWN_MS = 181_000;

async function stackWithCaptcha(t: Parameters<typeof startStack>[0]) {
  const google = await startSiteverify(t, 'google-secret');
  const clock = new ManualClock();
  const stack = await startStack(t, {
    clock,
    env: {
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_SECRET_KEY: 'google-secret',
      RECAPTCHA_VERIFY_URL: google.url,
      REGISTER_RATE_LIMIT_PER_MINUTE: '1000',
    },
  });
  return { stack, clock, google };
}

t.test('the verify page resends to the address it registered without a captcha, paced by the countdown', async (t) => {
  const { stack, clock, google } = await stackWithCaptcha(t);
  const browser = createClient(stack.bffUrl);
  const email = 'pace@example.com';
  const registered = await browser.post(
    '/api/Member/Register',
    validRegistration(email, { captchaVerify: { reCaptchaType: 1, token: google.issue() } }),
  );
  t.equal(registered.body.code, 'ok', registered.text);
  const proof = registered.body.data.registrationProof;
  t.match(proof, /^[A-Za-z0-9_-]{20,}$/, 'the registration hands back a proof for its address');
  t.same(Object.keys(registered.body.data), ['registrationProof'], 'and no internal member id');
  const first = await activationLinkFor(stack.dataDir, email);

  const wrongProof = await browser.post('/api/Member/Reactivate', { userId: 'victim@example.com', registrationProof: proof, lang: 'en' });
  t.equal(wrongProof.body.code, 'Form_ReCaptcha_Invalid', 'the proof is good for its own address only');
  t.equal(
    (await browser.post('/api/Member/Reactivate', { userId: email, lang: 'en' })).body.code,
    'Form_ReCaptcha_Invalid',
    'without the proof the captcha is needed',
  );

  const resent = await browser.post('/api/Member/Reactivate', {
    userId: email.toUpperCase(),
    registrationProof: proof,
    checkResend: true,
    lang: 'en',
  });
  t.equal(resent.body.code, 'ok', resent.text);
  const second = await activationLinkFor(stack.dataDir, email, 2);
  t.not(second?.token, first?.token);

  const concurrent = await Promise.all(
    [1, 2, 3].map(() => browser.post('/api/Member/Reactivate', { userId: email, registrationProof: proof, lang: 'en' })),
  );
  t.same(
    concurrent.map((res) => res.status),
    [429, 429, 429],
    'the next resends wait for the countdown',
  );
  const retryAfter = Number(concurrent[0]!.headers.get('retry-after'));
  t.ok(retryAfter > 0 && retryAfter <= 180, `Retry-After ${retryAfter}`);
  clock.advance(COUNTDOWN_MS);

  // The link-expired view resends by the opaque id of the link: it can only reach that link's owner.
  const stranger = createClient(stack.bffUrl);
  const burst = await Promise.all([1, 2, 3].map(() => stranger.post('/api/Member/Reactivate', { userId: second!.userId, lang: 'en' })));
  t.same(burst.map((res) => res.body.code).sort(), ['TooManyRequests', 'TooManyRequests', 'ok'], 'a burst sends one mail');
  t.ok(await activationLinkFor(stack.dataDir, email, 3));
  t.equal((await readOutbox(stack.dataDir)).filter((mail) => mail.to === email).length, 3);
});

t.test('activation links: single use, superseded by a newer resend, expiring', async (t) => {
  const { stack, clock, google } = await stackWithCaptcha(t);
  const browser = createClient(stack.bffUrl);
  const email = 'links@example.com';
  await browser.post('/api/Member/Register', validRegistration(email, { captchaVerify: { reCaptchaType: 1, token: google.issue() } }));
  const first = (await activationLinkFor(stack.dataDir, email))!;
  t.equal(
    (
      await browser.post('/api/Member/Reactivate', {
        userId: email,
        lang: 'en',
        captchaVerify: { reCaptchaType: 1, token: google.issue() },
      })
    ).body.code,
    'ok',
  );
  const second = (await activationLinkFor(stack.dataDir, email, 2))!;

  t.equal(
    (await browser.post('/api/Member/Activate', { userId: first.userId, token: first.token })).body.code,
    'unauthorized',
    'the older link no longer works',
  );
  t.equal(
    (
      await browser.post('/api/Member/Activate', {
        userId: second.userId,
        token: (second.token.startsWith('x') ? 'y' : 'x') + second.token.slice(1),
      })
    ).body.code,
    'unauthorized',
    'a forged token',
  );
  t.equal((await browser.post('/api/Member/Activate', { userId: second.userId, token: second.token })).body.code, 'ok');
  t.equal(
    (await browser.post('/api/Member/Activate', { userId: second.userId, token: second.token })).body.code,
    'Activated',
    'a used link reports the account as active',
  );

  const late = 'late@example.com';
  await browser.post('/api/Member/Register', validRegistration(late, { captchaVerify: { reCaptchaType: 1, token: google.issue() } }));
  const link = (await activationLinkFor(stack.dataDir, late))!;
  clock.advance(ACTIVATION_LINK_VALID_SECONDS * 1000 + 1000);
  t.equal(
    (await browser.post('/api/Member/Activate', { userId: link.userId, token: link.token })).body.code,
    'unauthorized',
    'an expired link',
  );
  t.equal(
    (await browser.post('/api/Member/Login', { userId: late, password: TEST_PASSWORD })).body.code,
    'mustactivate',
    'and the account stays unverified',
  );
});
