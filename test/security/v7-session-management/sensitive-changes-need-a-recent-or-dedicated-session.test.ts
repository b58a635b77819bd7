import t from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { MemberStatus } from '../../../shared/enums.ts';
import { RECENT_SIGN_IN_SECONDS } from '../../../shared/limits.ts';
import { SITE_KEY, startSignInStack } from '../../bff/sign-in-fixtures.ts';
import { createClient, TEST_PASSWORD, type TestClient } from '../../helper.ts';
import { routeTable } from '../../helpers/route-table.ts';
import { mailedCode } from '../../member-service/sign-in-fixtures.ts';

/**
 * Adding a way in, exporting, deleting and changing the password: only a recent sign-in of the
 * member, and a password-change session only for the change.
 */

t.test('password change session serves only the change', async (t) => {
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

      t.equal(
        (await browser.post('/api/Member/ValidatePwd', { password: NEW_PASSWORD })).body.code,
        'ok',
        'the new password can be checked',
      );
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
    t.same(
      [(await browser.get('/api/Member/ExportProfile')).status, (await browser.post('/api/Member/ApplyDeleteTag')).status],
      [403, 403],
    );
    t.equal((await browser.get('/api/Member/Logout')).status, 200, 'signing out is allowed');
    t.same((await browser.get('/api/Member/IsLogin')).body.data, { isLogin: false });
  });
});

t.test('only a recent sign in of the member adds a way in or exports or deletes', async (t) => {
  /**
   * ASVS 7.5.1 / 6.4.x: what adds a way in (a provider, a passkey, a proven phone) or cannot be taken
   * back (export, deletion, passkey removal, "This wasn't me") needs a sign-in the member made
   * themselves within the recent-sign-in window. A company-site ticket session is never recent; an
   * older session is not either. Both get 403 RecentSignInRequired and change nothing.
   */
  const clock = new ManualClock();
  const { stack, member, login } = await startSignInStack(t, {
    clock,
    env: { GOOGLE_CLIENT_ID: 'google-client', GOOGLE_CLIENT_SECRET: 'google-secret', SESSION_IDLE_SECONDS: '3600' },
  });

  /** Every guarded door, as a request and the reply code it answered. */
  async function guardedDoors(browser: TestClient) {
    const events = (await browser.get('/api/Member/SecurityEvents')).body.data?.events ?? [];
    const attempts = {
      'connect a provider': browser.post('/api/Member/SocialAuthorize', { socialType: 1, origin: 'connect' }),
      'add a passkey': browser.post('/api/Member/Passkey/RegisterOptions'),
      'prove a phone': browser.post('/api/Member/SendPhoneProofCode', {}),
      'confirm a phone': browser.post('/api/Member/ConfirmPhoneProof', { code: '123456' }),
      'export the profile': browser.get('/api/Member/ExportProfile'),
      'ask for deletion': browser.post('/api/Member/ApplyDeleteTag'),
      'delete the account': browser.delete('/api/member'),
      'remove a passkey': browser.delete('/api/Member/Passkeys/AAAAAAAAAAAAAAAAAAAAAA'),
      "this wasn't me": browser.post('/api/Member/SecurityEvents/NotMe', { eventId: events[0]?.id ?? 'AAAAAAAAAAAA' }),
    };
    const answers: Record<string, string> = {};
    for (const [door, pending] of Object.entries(attempts)) {
      const res = await pending;
      answers[door] = `${res.status} ${res.body.code ?? 'file'}`;
    }
    return answers;
  }

  const refusedEverywhere = (answers: Record<string, string>) => Object.values(answers).every((a) => a === '403 RecentSignInRequired');

  t.test('a company-site ticket session reads, but adds, exports and deletes nothing', async (t) => {
    const ada = await member({ preferring: 0 });
    const signedIn = await login(createClient(stack.bffUrl), ada.email, undefined, 'https://shop.example/welcome');
    const redeemed = await createClient(stack.bffUrl).post(
      '/api/Member/CheckGoToProfile',
      { memberId: signedIn.body.data.id, tempId: signedIn.body.data.tempId },
      { headers: { authorization: `Bearer ${SITE_KEY}` } },
    );
    const byTicket = createClient(stack.bffUrl);
    t.equal((await byTicket.post('/api/Member/RefererLogin', { id: ada.publicId, tempId: redeemed.body.data.tempId })).body.code, 'ok');
    t.equal((await byTicket.get('/api/Member')).body.data.email, ada.email, 'it reads the member');
    const answers = await guardedDoors(byTicket);
    t.ok(refusedEverywhere(answers), JSON.stringify(answers));
    t.equal((await byTicket.get('/api/Member')).body.data.myAccountDeleteDate, null, 'no deletion was asked for');
  });

  t.test('a session older than the window is refused the same; signing in again opens the doors', async (t) => {
    const ada = await member();
    const browser = createClient(stack.bffUrl);
    await login(browser, ada.email);
    clock.advance(RECENT_SIGN_IN_SECONDS * 1000 + 60_000);
    t.equal((await browser.get('/api/Member')).status, 200, 'still signed in');
    const answers = await guardedDoors(browser);
    t.ok(refusedEverywhere(answers), JSON.stringify(answers));

    await login(browser, ada.email);
    t.equal((await browser.get('/api/Member/ExportProfile')).status, 200, 'a fresh sign-in exports');
    t.equal((await browser.post('/api/Member/Passkey/RegisterOptions')).body.code, 'ok', 'and may add a passkey');
    t.equal(
      (await browser.post('/api/Member/SocialAuthorize', { socialType: 1, origin: 'connect' })).body.code,
      'ok',
      'and may connect a provider',
    );
  });

  t.test('signed out, the guarded doors answer 401, not 403', async (t) => {
    const visitor = createClient(stack.bffUrl);
    t.equal((await visitor.get('/api/Member/ExportProfile')).status, 401);
    t.equal((await visitor.post('/api/Member/SendPhoneProofCode', {})).status, 401);
  });
});
