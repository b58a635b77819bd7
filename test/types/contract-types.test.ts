/**
 * The contract is the one source of request and reply types: each `@ts-expect-error` below is a
 * field or code the contract lacks, and `npx tsc` fails (an unused directive) the day one of them
 * compiles. The run-time part only checks that the routes named here exist.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { memberService } from '../../shared/contract/index.ts';
import { portal } from '../../shared/contract/portal/index.ts';
import { fail, ok } from '../../shared/schemas/reply.ts';
import { portalApi, served } from '../../server/bff/routes/portal-api.ts';
import type { Upstream } from '../../server/bff/upstream.ts';
import { portalRequest } from '../../client/api/portal-request.ts';

/** Never called: the compiler checks these bodies. */
export async function upstreamCalls(upstream: Upstream) {
  const reply = await upstream.call(memberService.profile.get, { token: 't' });
  const email: string | undefined = reply.body.data?.email;
  // @ts-expect-error the member reply has no `password`
  void reply.body.data?.password;
  // @ts-expect-error IsExist takes an `email`, not a `mail`
  await upstream.call(memberService.register.isExist, { body: { mail: 'a@example.com' } });
  // @ts-expect-error a route without params takes none
  await upstream.call(memberService.auth.isLogin, { params: { id: '1' } });
  // @ts-expect-error the caller cannot choose the reply type
  await upstream.call<{ anything: true }>(memberService.auth.isLogin, {});
  // @ts-expect-error a call names its contract route: the method-and-path form is gone
  await upstream.call({ method: 'POST', path: '/api/Member/Login', body: {} });
  const signedIn = await upstream.call(memberService.auth.login, { body: { userId: 'a@example.com', password: 'encoded' } });
  const token: string | undefined = signedIn.body.data?.token;
  // @ts-expect-error a sign-in reply has no `accessToken`
  void signedIn.body.data?.accessToken;
  // @ts-expect-error otpVerify takes a `code`, not an `otp`
  await upstream.call(memberService.otp.otpVerify, { body: { userId: 'a@example.com', otp: '123456' } });
  return [email, token];
}

export function portalRoutes(app: FastifyInstance) {
  const api = portalApi(app);
  api.get(portal.account.backToSite.url, served(portal.account.backToSite), async (request) => {
    // @ts-expect-error the query has `callbackUrl` only
    void request.query.returnUrl;
    return ok({ url: request.query.callbackUrl, site: null });
  });
  // @ts-expect-error BackToSite's data has `url`, not `href`
  api.get(portal.account.backToSite.url, served(portal.account.backToSite), async () => ok({ href: null, site: null }));
  // @ts-expect-error a code outside shared/codes.ts
  api.get(portal.info.portalConfig.url, served(portal.info.portalConfig), async () => fail('NoSuchCode'));

  api.post(portal.signIn.login.url, served(portal.signIn.login), async (request) => {
    // @ts-expect-error a password sign-in carries no code
    void request.body.code;
    return ok({ userId: request.body.userId });
  });
  api.get(portal.signIn.logout.url, served(portal.signIn.logout), async (request) => ok({ redirectUrl: `/${request.query.lang}/login` }));
  // @ts-expect-error Logout's data has `redirectUrl`, not `redirect`
  api.get(portal.signIn.logout.url, served(portal.signIn.logout), async () => ok({ redirect: '/en/login' }));
  // @ts-expect-error a sign-in reply never carries the member token
  api.post(portal.signIn.otpVerify.url, served(portal.signIn.otpVerify), async () => ok({ token: 't' }));
  // @ts-expect-error a passkey sign-in's body has the `credential`, not an `assertion`
  api.post(portal.passkeys.login.url, served(portal.passkeys.login), async (request) => ok({ userId: request.body.assertion }));
}

/** Never called: the browser client's requests take their types from the portal contract. */
export async function clientRequests() {
  type Login = typeof portal.signIn.login;
  const signedIn = await portalRequest<Login>('POST', '/api/Member/Login', { body: { userId: 'a@example.com', password: 'p' } });
  const next: string | undefined = signedIn.data?.redirectUrl;
  // @ts-expect-error the path is the route's own
  await portalRequest<Login>('POST', '/api/Member/LogIn', { body: { userId: 'a@example.com', password: 'p' } });
  // @ts-expect-error and so is the method
  await portalRequest<Login>('PUT', '/api/Member/Login', { body: { userId: 'a@example.com', password: 'p' } });
  // @ts-expect-error a password sign-in takes no `code`
  await portalRequest<Login>('POST', '/api/Member/Login', { body: { userId: 'a@example.com', password: 'p', code: '123456' } });
  const out = await portalRequest<typeof portal.signIn.logout>('GET', '/api/Member/Logout', { query: { lang: 'en' } });
  const to: string | undefined = out.data?.redirectUrl;
  const sent = await portalRequest<typeof portal.signIn.sendOtpCode>('POST', '/api/Member/SendOtpCode', {
    body: { userId: 'a@example.com', otpVerifyType: 1 },
  });
  // @ts-expect-error SendOtpCode answers the send window, not a sign-in result
  void sent.data?.redirectUrl;
  // @ts-expect-error a passkey is renamed by its id in the path
  await portalRequest<typeof portal.passkeys.rename>('PATCH', '/api/Member/Passkeys/:id', { body: { name: 'Laptop' } });
  return [next, to];
}

/** Never called (the modules load only when it runs): the page requests are typed by the same contract. */
export async function pageRequests() {
  const { isExist, register } = await import('../../client/pages/register/register-api.ts');
  const exists: boolean | undefined = (await isExist('a@example.com')).data?.isExist;
  // @ts-expect-error IsExist answers `isExist`, not `exists`
  void (await isExist('a@example.com')).data?.exists;
  // @ts-expect-error the browser gets the proof that it registered, never the member's id
  void (await register({} as Parameters<typeof register>[0])).data?.memberId;
  const { savePreferences } = await import('../../client/pages/choosing-preferring/preferences-api.ts');
  // @ts-expect-error the preferences hold the two multi-selects, not a `newsletter`
  await savePreferences({ businessApplicationAreas: [], inProducts: [], newsletter: true });
  const { confirmPhoneProof } = await import('../../client/pages/my-account/phone-proof-api.ts');
  const proven: boolean | undefined = (await confirmPhoneProof('123456')).data?.mobileVerified;
  const { endOtherSessions } = await import('../../client/pages/my-account/security-center-api.ts');
  const ended: number | undefined = (await endOtherSessions()).data?.ended;
  type SocialLogin = typeof portal.social.googleLogin;
  const social = await portalRequest<SocialLogin>('POST', '/api/Member/GoogleLogin', { body: { code: 'c', state: 's' } });
  // @ts-expect-error the provider account's id stays in the session
  void social.data?.socialId;
  // @ts-expect-error a social sign-in names the provider by its route, not by a `socialType` in the body
  await portalRequest<SocialLogin>('POST', '/api/Member/GoogleLogin', { body: { code: 'c', state: 's', socialType: 1 } });
  return [exists, proven, ended];
}

t.test('the routes the type checks name are in the contracts', async (t) => {
  t.equal(memberService.profile.get.url, '/api/Member');
  t.equal(portal.account.backToSite.url, '/api/Member/BackToSite');
  t.same(portal.profile.get.statuses, [200, 401, 429, 502, 503], 'a signed-out member read answers 401');
  t.equal(portal.signIn.login.url, '/api/Member/Login');
  t.ok(portal.signIn.logout.statuses.includes(403), 'Logout is guarded as a state-changing call');
  t.ok(portal.passkeys.list.statuses.includes(401), "a member's passkeys need a session");
});
