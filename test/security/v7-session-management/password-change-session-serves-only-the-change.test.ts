import t from 'tap';
import { MemberStatus } from '../../../shared/enums.ts';
import { createClient, TEST_PASSWORD, type TestClient } from '../../helper.ts';
import { routeTable } from '../../helpers/route-table.ts';
import { mailedCode } from '../../member-service/sign-in-fixtures.ts';
import { startSignInStack } from '../../bff/sign-in-fixtures.ts';

/**
 * A sign-in answered defaultpwd, mustchange or expired (member status 2 or 3) must not get a
 * full session behind the browser's back: until the password is changed the session serves
 * only the change itself, what the change-password screen and the header read, signing in
 * anew and signing out. Every other route of the portal, including routes added later,
 * answers 403 PasswordChangeRequired.
 */

/** What such a session may still use (method and path as in the route table). */
const ALLOWED = new Set([
  'GET /api/Member/IsLogin',
  'GET /api/Member',
  'GET /api/member',
  'GET /api/info/PortalConfig',
  'GET /api/Member/Logout',
  'POST /api/Member/ValidatePwd',
  'POST /api/Member/ResetPwd',
  'POST /api/Member/ValidatePwdUnAuth',
  'POST /api/Member/ResetPwdUnAuth',
  'GET /api/Member/CheckResetPwdTokenIsExpired/:token',
  'POST /api/Member/ForgotPwd',
  'POST /api/Member/ResendResetPwdMail',
  'POST /api/Member/Login',
  'POST /api/Member/SendOtpCode',
  'POST /api/Member/otpVerify',
  'POST /api/Member/RefererLogin',
  'POST /api/Member/SocialAuthorize',
  'POST /api/Member/GoogleLogin',
  'POST /api/Member/FbLogin',
  'POST /api/Member/LinkedinLogin',
  'POST /api/Member/Passkey/LoginOptions',
  'POST /api/Member/Passkey/Login',
]);

const NEW_PASSWORD = 'Zebra-Lantern42';

/** A request with the browser's cookies, for any method (the test client has no PATCH). */
async function send(base: string, browser: TestClient, method: string, path: string) {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const hasBody = !['GET', 'HEAD'].includes(method);
  const response = await fetch(new URL(path.replace(/:[^/]+/g, 'x'), base), {
    method,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    body: hasBody ? '{}' : undefined,
  });
  const text = await response.text();
  return { status: response.status, code: text.startsWith('{') ? (JSON.parse(text) as { code?: string }).code : undefined };
}

for (const [status, changedAt, expectedCode] of [
  [MemberStatus.MustChangePassword, null, 'defaultpwd'],
  [MemberStatus.MustChangePassword, Date.UTC(2025, 0, 1), 'mustchange'],
  [MemberStatus.PasswordExpired, Date.UTC(2025, 0, 1), 'expired'],
] as const) {
  t.test(`a session answered ${expectedCode}: every route outside the change refuses it, until the password is changed`, async (t) => {
    const { stack, member } = await startSignInStack(t);
    const ada = await member({ status, password_changed_at: changedAt });
    const browser = createClient(stack.bffUrl);
    t.equal((await browser.post('/api/Member/Login', { userId: ada.email, password: TEST_PASSWORD })).body.code, expectedCode);

    const routes = routeTable(stack.apps.bff).filter((route) => route.path.startsWith('/api/') && route.method !== 'HEAD');
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    for (const named of ['GET /api/member', 'PUT /api/member', 'GET /api/Member/ExportProfile', 'POST /api/Member/ApplyDeleteTag']) {
      t.ok(keys.includes(named), `the route table lists ${named}`);
    }
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (ALLOWED.has(key)) continue;
      const reply = await send(stack.bffUrl, browser, route.method, route.path);
      t.same([reply.status, reply.code], [403, 'PasswordChangeRequired'], `${key} refuses the session`);
    }

    t.same((await browser.get('/api/Member/IsLogin')).body.data, { isLogin: true }, 'the header sees a signed-in member');
    const shown = await browser.get('/api/Member');
    t.equal(shown.status, 200);
    t.same(
      Object.keys(shown.body.data).sort(),
      ['LastPwdModifiedDate', 'status', 'userId'],
      'the member read holds only what the change-password screen and the header need',
    );
    t.same([shown.body.data.userId, shown.body.data.status], [ada.email, status]);

    t.equal((await browser.post('/api/Member/ValidatePwd', { password: NEW_PASSWORD })).body.code, 'ok', 'the new password can be checked');
    const changed = await browser.post('/api/Member/ResetPwd', {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      lang: 'en',
    });
    t.equal(changed.body.code, 'ok', 'and changed');

    const full = await browser.get('/api/member');
    t.match(
      full.body.data,
      { userId: ada.email, email: ada.email, status: MemberStatus.Active, firstName: 'Ada' },
      'after the change the same session is a full one',
    );
    t.equal((await browser.get('/api/Member/ExportProfile')).status, 200);
    t.equal((await browser.get('/api/Member/Logout')).status, 200);
  });
}

t.test('code sign-in of such a member is held to the change as well; signing out works', async (t) => {
  const { stack, member } = await startSignInStack(t);
  const ada = await member({ status: MemberStatus.PasswordExpired });
  const browser = createClient(stack.bffUrl);
  t.equal((await browser.post('/api/Member/SendOtpCode', { userId: ada.email, otpVerifyType: 1 })).body.code, 'ok');
  const code = await mailedCode(stack.dataDir, ada.email);
  t.equal((await browser.post('/api/Member/otpVerify', { userId: ada.email, code, otpVerifyType: 1 })).body.code, 'expired');
  const profile = await browser.put('/api/member', { firstName: 'Mallory' });
  t.same([profile.status, profile.body.code], [403, 'PasswordChangeRequired']);
  t.same([(await browser.get('/api/Member/ExportProfile')).status, (await browser.post('/api/Member/ApplyDeleteTag')).status], [403, 403]);
  t.equal((await browser.get('/api/Member/Logout')).status, 200, 'signing out is allowed');
  t.same((await browser.get('/api/Member/IsLogin')).body.data, { isLogin: false });
});
