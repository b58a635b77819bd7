import t from 'tap';
import { createClient } from '../helper.ts';
import { SITE_KEY, startSignInStack } from './sign-in-fixtures.ts';

const OPEN_REDIRECTS = [
  '//evil.example',
  '/\\evil.example',
  'https:evil.example',
  'https://shop.example\\@evil.example',
  'https://shop.example.evil.example',
  '%2F%2Fevil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '/en/login\r\nLocation: https://evil.example',
  'https://shop.example/\nx',
  'https://user@shop.example/',
];

t.test('the sign-in ticket: a company site redeems it once with its key and can send the member back', async (t) => {
  const { stack, member, login } = await startSignInStack(t);
  const ada = await member({ preferring: 0 });
  const browser = createClient(stack.bffUrl);
  const signedIn = await login(browser, ada.email, undefined, 'https://shop.example/welcome?step=2');
  t.equal(signedIn.body.code, 'ok');
  t.match(signedIn.body.data, { redirectUrl: 'https://shop.example/welcome?step=2', id: ada.publicId, tempId: /^[A-Za-z0-9_-]{43}$/ });

  const shop = createClient(stack.bffUrl);
  const redeem = (key?: string, body: Record<string, unknown> = { memberId: signedIn.body.data.id, tempId: signedIn.body.data.tempId }) =>
    shop.post('/api/Member/CheckGoToProfile', body, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  t.same([(await redeem()).status, (await redeem()).body], [403, { isSuccess: false, code: 'Forbidden' }], 'without a site key');
  t.equal((await redeem(`${SITE_KEY}x`)).status, 403, 'with a wrong site key');
  const redeemed = await redeem(SITE_KEY);
  t.equal(redeemed.body.code, 'ok', redeemed.text);
  t.match(redeemed.body.data, { memberId: ada.publicId, userId: ada.email, tempId: /^[A-Za-z0-9_-]{43}$/ });
  t.same((await redeem(SITE_KEY)).body, { isSuccess: false, code: 'TempIdInValid' }, 'a second use fails');
  t.equal(shop.cookies.size, 0, 'the site gets no portal session');

  const returning = createClient(stack.bffUrl);
  const back = await returning.post('/api/Member/RefererLogin', { id: ada.publicId, tempId: redeemed.body.data.tempId });
  t.equal(back.body.code, 'ok', 'the referer ticket signs the member in on this browser');
  t.notOk('token' in back.body.data);
  t.same((await returning.get('/api/Member/IsLogin')).body.data, { isLogin: true });
  const replay = await returning.post('/api/Member/RefererLogin', { id: ada.publicId, tempId: redeemed.body.data.tempId });
  t.same(replay.body, { isSuccess: false, code: 'TempIdInValid' }, 'once only');
  t.same((await returning.get('/api/Member/IsLogin')).body.data, { isLogin: false }, 'a refused referer ends the session it arrived with');
});

t.test('a new member going back to a site is sent to choosing preferences with the ticket', async (t) => {
  const { stack, member, login } = await startSignInStack(t);
  const ada = await member();
  const reply = await login(createClient(stack.bffUrl), ada.email, undefined, 'https://shop.example/welcome');
  t.equal(reply.body.code, 'preferring');
  t.match(reply.body.data, { redirectUrl: 'https://shop.example/welcome', id: ada.publicId, tempId: /./ });
  const local = await login(createClient(stack.bffUrl), ada.email, undefined, '/en/my-account');
  t.same(local.body.code, 'ok', 'a portal page as callback: no preferences step, no ticket');
  t.same([local.body.data.redirectUrl, local.body.data.tempId], ['/en/my-account', undefined]);
});

t.test('open redirects are refused at sign-in, code sign-in and sign-out', async (t) => {
  const { stack, member, login } = await startSignInStack(t);
  const ada = await member({ preferring: 0 });
  for (const payload of OPEN_REDIRECTS) {
    const browser = createClient(stack.bffUrl);
    const signedIn = await login(browser, ada.email, undefined, payload);
    t.equal(signedIn.body.code, 'ok', `${JSON.stringify(payload)}: signs in`);
    t.same(
      [signedIn.body.data.redirectUrl, signedIn.body.data.tempId],
      [undefined, undefined],
      `${JSON.stringify(payload)}: no redirect and no ticket at sign-in`,
    );
    const verify = await browser.post('/api/Member/otpVerify', { userId: ada.email, code: '123456', returnUrl: payload });
    t.notOk(verify.body.data?.redirectUrl, `${JSON.stringify(payload)}: none at code sign-in`);
    const out = await browser.get(`/api/Member/Logout?lang=ko-kr&callbackUrl=${encodeURIComponent(payload)}`);
    t.same(out.body.data, { redirectUrl: '/ko-kr/login' }, `${JSON.stringify(payload)}: sign-out falls back to login`);
  }
});

t.test('sign-out ends the session on both sides', async (t) => {
  const { stack, member, login } = await startSignInStack(t);
  const ada = await member();
  const browser = createClient(stack.bffUrl);
  await login(browser, ada.email);
  const [cookie] = [...browser.cookies];
  const out = await browser.get('/api/Member/Logout?callbackUrl=https%3A%2F%2Fshop.example%2Fbye');
  t.same(out.body.data, { redirectUrl: 'https://shop.example/bye' }, 'an allowed callback');
  const stale = createClient(stack.bffUrl);
  stale.cookies.set(cookie![0], cookie![1]);
  t.equal((await stale.get('/api/Member')).status, 401, 'the old cookie no longer works');
});
