import t from 'tap';
import { createElement as h, type ReactNode } from 'react';
import { installDom } from './dom.ts';

/**
 * Painting My Account asks the portal once about the member: GET /api/Member, whose 401 says
 * "signed out" (no IsLogin before it). The header and the guard share that one read. Elsewhere
 * the header still asks IsLogin (spec section 2, Header), which answers a visitor without a failure.
 */
await installDom(t, 'http://localhost:3000/en/my-account');
// wouter's navigation writes the history of the window the DOM was installed with.
Object.assign(globalThis, {
  history: window.history,
  addEventListener: window.addEventListener.bind(window),
  removeEventListener: window.removeEventListener.bind(window),
  dispatchEvent: window.dispatchEvent.bind(window),
});
const { render, waitFor, cleanup } = await import('@testing-library/react');
const { Router } = await import('wouter');
const { Header } = await import('../../../client/layout/header.tsx');
const { MemberOnly } = await import('../../../client/session/route-guards.tsx');
const { LanguageContext } = await import('../../../client/session/language-context.ts');
const { IS_LOGIN_PATH, MEMBER_PATH, useMember } = await import('../../../client/api/member.ts');
const { forgetSharedRead } = await import('../../../client/api/shared-reads.ts');
const { onApiEvent } = await import('../../../client/api/api-events.ts');

const MEMBER = { userId: 'a@example.com', email: 'a@example.com', status: 1 };
let signedIn = true;
const requests: string[] = [];
globalThis.fetch = (async (input: string | URL | Request) => {
  const path = String(input);
  requests.push(path.split('?')[0]!);
  const reply =
    path === '/api/Member'
      ? signedIn
        ? { status: 200, body: { isSuccess: true, code: 'ok', data: MEMBER } }
        : { status: 401, body: { isSuccess: false, code: 'Unauthorized' } }
      : path === '/api/Member/IsLogin'
        ? { status: 200, body: { isSuccess: true, code: 'ok', data: { isLogin: signedIn } } }
        : { status: 200, body: { isSuccess: true, code: 'ok', data: {} } };
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
}) as typeof fetch;

let signedOutReports = 0;
onApiEvent('signedOut', () => (signedOutReports += 1));
t.afterEach(async () => {
  cleanup();
  // Each test starts from a page load: nothing known yet about the session.
  await Promise.all([forgetSharedRead(IS_LOGIN_PATH), forgetSharedRead(MEMBER_PATH)]);
  requests.length = 0;
});

/** What My Account shows of the member. */
function Probe() {
  const { member } = useMember('my-account');
  return h('p', { 'data-testid': 'probe' }, member ? `member ${member.userId}` : 'waiting');
}

/** The header and a page under the guard, as routes.tsx lays them out. */
const screen = (page: string, body: ReactNode) =>
  h(Router, { base: '/en', children: h(LanguageContext.Provider, { value: 'en' }, h(Header, { page }), body) });
const memberRequests = () => requests.filter((path) => path.startsWith('/api/Member'));

t.test('a signed-in member: one request, GET /api/Member, for the header, the guard and the page', async (t) => {
  signedIn = true;
  const view = render(screen('my-account', h(MemberOnly, null, h(Probe))));
  await waitFor(() => {
    if (view.getByTestId('probe').textContent !== 'member a@example.com') throw new Error('not yet');
  });
  await waitFor(() => {
    if (!view.queryByText('Sign out')) throw new Error('not yet');
  });
  t.same(memberRequests(), ['/api/Member'], 'no IsLogin before the member read');
});

t.test('a signed-out visitor: the same one request answers 401, read as signed out, and no session-ended dialog', async (t) => {
  signedIn = false;
  const view = render(screen('my-account', h(MemberOnly, null, h(Probe))));
  await waitFor(() => {
    if (window.location.pathname !== '/en/login') throw new Error('not yet');
  });
  t.equal(
    memberRequests()[0],
    '/api/Member',
    'the member read is the check; the login screen then asks IsLogin as every visitor screen does',
  );
  t.equal(signedOutReports, 0, 'a visitor is not told a session ended');
  t.notOk(view.queryByText('Sign out'));
  window.history.replaceState(null, '', '/en/my-account');
});

t.test('on the login screen the header asks IsLogin, and reads the member only when signed in', async (t) => {
  signedIn = false;
  window.history.replaceState(null, '', '/en/login');
  render(screen('login', h('p', null, 'login')));
  await waitFor(() => {
    if (!requests.includes('/api/Member/IsLogin')) throw new Error('not yet');
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  t.same(memberRequests(), ['/api/Member/IsLogin']);
});
