import t from 'tap';
import { encodePassword } from '../../../server/common/password-encoding.ts';
import { activationLinkFor, createClient, startStack, validRegistration } from '../../helper.ts';

/**
 * Registration and password changes accept up to 100 characters, so sign-in must too: a
 * member whose password manager made a long password would otherwise be locked out for good.
 * 50 stays the limit of the e-mail/ID.
 */

/** 64 characters of the allowed set, as a password manager makes them. */
const LONG = 'Xk7#pQ2&vN9!mR4^wT6*yL8-bH3@cJ5$'.repeat(2);
const LONGEST = `${LONG}${'aB3-'.repeat(9)}`;

t.test('a 64-character password registers, signs in at the portal and at the member service, and changes', async (t) => {
  t.equal(LONG.length, 64);
  t.equal(LONGEST.length, 100);
  const stack = await startStack(t);
  const email = 'long-password@example.com';
  const browser = createClient(stack.bffUrl);
  t.equal(
    (await browser.post('/api/Member/Register', validRegistration(email, { password: LONG, confirmPassword: LONG }))).body.code,
    'ok',
    'registers',
  );
  const link = await activationLinkFor(stack.dataDir, email);
  t.equal((await browser.post('/api/Member/Activate', { userId: link!.userId, token: link!.token })).body.code, 'ok');

  const signedIn = await browser.post('/api/Member/Login', { userId: email, password: LONG });
  t.same([signedIn.status, signedIn.body.code], [200, 'ok'], 'signs in at the portal');

  const upstream = await stack.apps.memberService.inject({
    method: 'POST',
    url: '/api/Member/Login',
    headers: { 'x-service-key': stack.bffConfig.upstreamServiceKey },
    payload: { userId: email, password: encodePassword(LONG, stack.bffConfig.passwordEncodingKey) },
  });
  t.same([upstream.statusCode, upstream.json().code], [200, 'ok'], 'signs in at the member service');

  t.equal((await browser.post('/api/Member/ValidatePwd', { password: LONG })).body.code, 'passwordused', 'ValidatePwd takes it');
  const changed = await browser.post('/api/Member/ResetPwd', {
    currentPassword: LONG,
    newPassword: LONGEST,
    confirmPassword: LONGEST,
    lang: 'en',
  });
  t.equal(changed.body.code, 'ok', 'ResetPwd takes it as the current password');
  t.equal(
    (await createClient(stack.bffUrl).post('/api/Member/Login', { userId: email, password: LONGEST })).body.code,
    'ok',
    '100 characters sign in',
  );
});

t.test('sign-in still refuses what no rule allows: a password over 100 characters, an ID over 50', async (t) => {
  const stack = await startStack(t);
  const browser = createClient(stack.bffUrl);
  const tooLong = await browser.post('/api/Member/Login', { userId: 'ada@example.com', password: `${LONGEST}x` });
  t.same([tooLong.status, tooLong.body.errors], [400, [{ field: 'password', code: 'Form_Length' }]]);
  const longId = await browser.post('/api/Member/Login', { userId: `${'a'.repeat(39)}@example.com`, password: LONG });
  t.same([longId.status, longId.body.errors], [400, [{ field: 'userId', code: 'Form_Length' }]]);
});
