import t from 'tap';
import { activationLinkFor, createClient, startStack, TEST_PASSWORD, validRegistration } from '../helper.ts';

t.test('register, verify e-mail, sign in, profile, sign out: through the portal and a real member service', async (t) => {
  const stack = await startStack(t, { env: { ALLOWED_CALLBACK_HOSTS: 'shop.example.com' } });
  const browser = createClient(stack.bffUrl);
  const email = 'ada@example.com';

  t.same(
    (await browser.get('/api/Member/IsLogin')).body,
    { isSuccess: true, code: 'ok', data: { isLogin: false } },
    'not signed in is isLogin:false',
  );
  t.same((await browser.post('/api/Member/IsExist', { email })).body.data, { isExist: false });

  const refused = await browser.post('/api/Member/Register', validRegistration(email, { isGlobalAgreePolicy: false, mobile: '12ab' }));
  t.equal(refused.status, 400);
  t.equal(refused.body.code, 'FormValidateFail');
  t.same(refused.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`).sort(), [
    'isGlobalAgreePolicy:GlobalPolicyChooseNo',
    'mobile:MobileNumberNotCorrect',
  ]);
  const unknownCountry = await browser.post('/api/Member/Register', validRegistration(email, { country: 'Atlantis' }));
  t.same(unknownCountry.body.errors, [{ field: 'country', code: 'Form_NotExist' }]);
  t.same((await browser.post('/api/Member/IsExist', { email })).body.data, { isExist: false }, 'a refused registration creates nothing');

  const registered = await browser.post('/api/Member/Register', validRegistration(email, { returnUrl: 'https://shop.example.com/cart' }));
  t.equal(registered.status, 200, registered.text);
  t.equal(registered.body.code, 'ok');
  t.same(
    (await browser.post('/api/Member/IsExist', { email })).body.data,
    { isExist: false },
    'until activated, registering the address again replaces the registration',
  );

  const early = await browser.post('/api/Member/Login', { userId: email, password: TEST_PASSWORD });
  t.equal(early.body.code, 'mustactivate', 'no sign-in before the e-mail is verified');
  t.same([...browser.cookies.keys()], ['portal-registrant'], 'and no session (only the note of the address this browser registered)');

  const resent = await browser.post('/api/Member/Reactivate', { userId: email, checkResend: true, lang: 'en' });
  t.equal(resent.body.code, 'ok');
  const link = await activationLinkFor(stack.dataDir, email, 2);
  t.ok(link, 'the second verification mail is in the outbox (it supersedes the first)');
  t.equal(link!.url.startsWith(stack.bffUrl), true, 'the link leads to the portal');
  const activated = await browser.post('/api/Member/Activate', { userId: link!.userId, token: link!.token });
  t.equal(activated.body.code, 'ok', activated.text);
  t.equal(activated.body.data.returnUrl, 'https://shop.example.com/cart', 'an allowed return URL comes back');
  t.equal((await browser.post('/api/Member/Activate', { userId: link!.userId, token: link!.token })).body.code, 'Activated');

  const wrong = await browser.post('/api/Member/Login', { userId: email, password: 'Wrong1234' });
  t.equal(wrong.body.code, 'AccountOrPwdFail');
  t.same([...browser.cookies.keys()], ['portal-registrant']);

  const signedIn = await browser.post('/api/Member/Login', {
    userId: email,
    password: TEST_PASSWORD,
    returnUrl: 'https://evil.example/steal',
  });
  t.equal(signedIn.status, 200);
  t.equal(signedIn.body.code, 'ok');
  t.equal(signedIn.body.data.userId, email);
  t.notOk('redirectUrl' in signedIn.body.data, 'a foreign return URL is dropped');
  t.notOk('token' in signedIn.body.data, 'the member token stays in the portal');
  t.notOk('tokenExpiresAt' in signedIn.body.data);
  t.same(
    [...browser.cookies.keys()].sort(),
    ['portal-device', 'portal-registrant', 'portal-session'],
    'one session cookie (and the device and registrant cookies)',
  );
  t.same((await browser.get('/api/Member/IsLogin')).body.data, { isLogin: true });

  const withReturn = createClient(stack.bffUrl);
  const allowed = await withReturn.post('/api/Member/Login', {
    userId: email,
    password: TEST_PASSWORD,
    returnUrl: 'https://shop.example.com/cart?step=2',
  });
  t.equal(allowed.body.data.redirectUrl, 'https://shop.example.com/cart?step=2');

  const profile = await browser.get('/api/Member');
  t.equal(profile.status, 200);
  t.equal(profile.body.data.email, email);
  t.equal(profile.body.data.firstName, 'Ada');
  t.equal(profile.body.data.country, 'Germany');
  t.same((await browser.get('/api/member')).body, profile.body, 'both spellings');

  const firstOption = async (category: number) => (await browser.get(`/api/info/option/${category}/0`)).body.data[0].value as string;
  const update = {
    ...profile.body.data,
    firstName: 'Augusta',
    companyName: 'Difference Engines',
    email: 'someone-else@example.com',
    businessApplicationAreas: [await firstOption(0)],
    inProducts: [await firstOption(1)],
  };
  const updated = await browser.put('/api/member', update);
  t.equal(updated.body.code, 'ok', updated.text);
  const reread = await browser.get('/api/member');
  t.equal(reread.body.data.firstName, 'Augusta');
  t.equal(reread.body.data.companyName, 'Difference Engines');
  t.equal(reread.body.data.email, email, 'the e-mail cannot be changed this way');

  const invalid = await browser.put('/api/member', { ...update, firstName: 'x'.repeat(41) });
  t.equal(invalid.status, 400);
  t.equal(invalid.body.code, 'FormValidateFail');
  t.equal((await browser.get('/api/member')).body.data.firstName, 'Augusta', 'a refused update changes nothing');

  const sessionCookie = [...browser.cookies].find(([name]) => name === 'portal-session')!;
  const loggedOut = await browser.get('/api/Member/Logout?callbackUrl=//evil.example&lang=ja-jp');
  t.same(loggedOut.body, { isSuccess: true, code: 'ok', data: { redirectUrl: '/ja-jp/login' } });
  t.same([...browser.cookies.keys()].sort(), ['portal-device', 'portal-registrant'], 'the session cookie is cleared (the others stay)');
  t.same((await browser.get('/api/Member/IsLogin')).body.data, { isLogin: false });
  const afterLogout = await browser.get('/api/Member');
  t.equal(afterLogout.status, 401);
  t.same(afterLogout.body, { isSuccess: false, code: 'Unauthorized' });

  const replay = createClient(stack.bffUrl);
  replay.cookies.set(sessionCookie[0], sessionCookie[1]);
  t.equal((await replay.get('/api/Member')).status, 401, 'the old cookie is useless after sign-out');
  t.equal((await replay.put('/api/member', update)).status, 401);

  const callback = await withReturn.get('/api/Member/Logout?callbackUrl=https%3A%2F%2Fshop.example.com%2Fbye');
  t.equal(callback.body.data.redirectUrl, 'https://shop.example.com/bye', 'an allowed callback after sign-out');
});

t.test('reference data through the portal, with a short public cache', async (t) => {
  const stack = await startStack(t);
  const browser = createClient(stack.bffUrl);
  const countries = await browser.get('/api/info/V2/Countries/false');
  t.equal(countries.status, 200);
  t.ok(countries.body.data.some((c: { name: string }) => c.name === 'Germany'));
  t.match(countries.headers.get('cache-control'), /public, max-age=\d+/);
  const options = await browser.get('/api/info/option/1/0');
  t.equal(options.status, 200);
  t.ok(Array.isArray(options.body.data) && options.body.data.length > 0);
  const bad = await browser.get('/api/info/option/7/0');
  t.equal(bad.status, 400);
  t.equal(bad.body.code, 'FormValidateFail');
});
