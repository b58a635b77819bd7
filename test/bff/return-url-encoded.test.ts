import t from 'tap';
import { activationLinkFor, createActiveMember, createClient, signIn, validRegistration, type TestClient } from '../helper.ts';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { mailedCode } from '../member-service/sign-in-fixtures.ts';
import { startSignInStack } from './sign-in-fixtures.ts';

// Spec section 3: the login form sends `returnUrl (URL-encoded callback)`; links carry it plain.
// Every route that takes a return URL accepts both and allow-lists what the encoded one says.
const SHOP = 'https://shop.example/cart?x=1&y=2';
const ENCODED = encodeURIComponent(SHOP);
const ENCODED_ELSEWHERE = encodeURIComponent('https://evil.example/cart');

const { stack, member } = await startSignInStack(t);

/** PATCH /api/member (choosing-preferring's Submit and Skip) as the signed-in client. */
async function patchPreferences(client: TestClient, body: unknown) {
  const res = await fetch(new URL('/api/member', stack.bffUrl), {
    method: 'PATCH',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { data?: unknown };
}

t.test('password and code sign-in', async (t) => {
  const ada = await member();
  const login = (returnUrl: string) =>
    createClient(stack.bffUrl).post('/api/Member/Login', { userId: ada.email, password: ada.password, returnUrl });
  t.match((await login(ENCODED)).body.data, { redirectUrl: SHOP, id: ada.publicId, tempId: /./ }, 'encoded');
  t.match((await login(SHOP)).body.data, { redirectUrl: SHOP, tempId: /./ }, 'plain');
  t.same([(await login(ENCODED_ELSEWHERE)).body.data.redirectUrl], [undefined], 'an encoded URL elsewhere is refused');
  t.equal((await login(encodeURIComponent('/en/register'))).body.data.redirectUrl, '/en/register', 'an encoded portal path');

  const browser = createClient(stack.bffUrl);
  await browser.post('/api/Member/SendOtpCode', { userId: ada.email, otpVerifyType: 1 });
  const code = await mailedCode(stack.dataDir, ada.email);
  const byCode = await browser.post('/api/Member/otpVerify', { userId: ada.email, code, otpVerifyType: 1, returnUrl: ENCODED });
  t.match(byCode.body.data, { redirectUrl: SHOP, tempId: /./ });
});

t.test('registration: the encoded return URL comes back at activation', async (t) => {
  const email = `encoded-${Date.now()}@example.com`;
  const browser = createClient(stack.bffUrl);
  t.equal((await browser.post('/api/Member/Register', validRegistration(email, { returnUrl: ENCODED }))).body.code, 'ok');
  const link = await activationLinkFor(stack.dataDir, email);
  const activated = await browser.post('/api/Member/Activate', { userId: link!.userId, token: link!.token });
  t.equal(activated.body.data.returnUrl, SHOP);
});

t.test('forgot password: the encoded return URL comes back after the reset', async (t) => {
  const grace = await createActiveMember(stack);
  const browser = createClient(stack.bffUrl);
  t.equal((await browser.post('/api/Member/ForgotPwd', { userId: grace.email, lang: 'en', returnUrl: ENCODED })).body.code, 'ok');
  const url = findLink(await waitForMail(stack.dataDir, grace.email, { count: 2 }), '/auth/verify-email/');
  const [, token = '', userId = ''] = /\/auth\/verify-email\/([^/]+)\/([^/?#]+)$/.exec(url ?? '') ?? [];
  const password = 'Zebra-Lantern42';
  const reset = await browser.post('/api/Member/ResetPwdUnAuth', {
    userId: decodeURIComponent(userId),
    token: decodeURIComponent(token),
    password,
    confirmPassword: password,
  });
  t.equal(reset.body.code, 'ok');
  t.equal(reset.body.data.redirectUrl, SHOP);
});

t.test('choosing preferences, back to site and sign-out', async (t) => {
  const browser = await signIn(stack, await createActiveMember(stack));
  t.same((await patchPreferences(browser, { skip: true, returnUrl: ENCODED })).data, { returnUrl: SHOP });
  t.same((await patchPreferences(browser, { skip: true, returnUrl: ENCODED_ELSEWHERE })).data, { returnUrl: '/en/my-account' });
  t.same((await browser.get(`/api/Member/BackToSite?callbackUrl=${encodeURIComponent(ENCODED)}`)).body.data, {
    url: SHOP,
    site: 'shop.example',
  });
  // Query parameter names are read in any letter case (spec section 2).
  t.same((await browser.get(`/api/Member/Logout?CallBackUrl=${encodeURIComponent(ENCODED)}`)).body.data, { redirectUrl: SHOP });
});
