import t from 'tap';
import { createActiveMember, createClient, signIn, startStack, type ClientResponse } from '../helper.ts';
import { startFaultyProxy, type ProxyMode } from './faulty-proxy.ts';
import { answered as answerWithin } from './within.ts';

const SERVER_ERROR = { isSuccess: false, code: 'servererror' };
/** The portal's deadline for a member-service call: enough for a registration on a busy two-core machine. */
const UPSTREAM_TIMEOUT_MS = 1500;
/** Far more than the portal's own deadline: a call not answered by then hangs. */
const HANG_MS = UPSTREAM_TIMEOUT_MS + 4000;
const answered = (request: Promise<ClientResponse>) => answerWithin(request, HANG_MS);

/**
 * The portal in front of a real member service reached through a proxy that fails on command:
 * refused connections, answers slower than UPSTREAM_TIMEOUT_MS, bytes that are not HTTP, a body
 * that is not JSON, a connection closed in the middle of the body. Every call gets the mapped
 * code in time, and the portal works again as soon as the member service does, without a restart.
 */
t.test('a failing member service: the mapped code, no hanging request, recovery by itself', async (t) => {
  const proxy = await startFaultyProxy({ slowMs: UPSTREAM_TIMEOUT_MS * 4 });
  t.teardown(() => proxy.close());
  const stack = await startStack(t, { env: { UPSTREAM_URL: proxy.url, UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS) } });
  proxy.target = { host: '127.0.0.1', port: Number(new URL(stack.memberServiceUrl).port) };
  const member = await createActiveMember(stack);
  const browser = await signIn(stack, member);

  const calls: Record<string, () => Promise<ClientResponse>> = {
    'sign-in': () => createClient(stack.bffUrl).post('/api/Member/Login', { userId: member.email, password: member.password }),
    'address check': () => createClient(stack.bffUrl).post('/api/Member/IsExist', { email: 'someone@example.com' }),
    'profile of a signed-in member': () => browser.get('/api/Member'),
  };

  const modes: ProxyMode[] = ['down', 'slow', 'garbage', 'not-json', 'cut'];
  for (const mode of modes) {
    await proxy.setMode(mode);
    for (const [name, call] of Object.entries(calls)) {
      const reply = await answered(call());
      t.same([reply.status, reply.body], [502, SERVER_ERROR], `${mode}: ${name} gets servererror`);
      t.notMatch(reply.text, /ECONNREFUSED|HPE_|UND_ERR|at .*\.ts/, `${mode}: ${name} shows no internals`);
    }
    if (mode === 'down' || mode === 'slow') t.equal((await answered(browser.get('/readyz'))).status, 503, `${mode}: not ready`);
    if (mode === 'down') t.equal((await answered(browser.get('/healthz'))).status, 200, 'the portal itself is alive');

    await proxy.setMode('pass');
    const signedIn = await answered(calls['sign-in']!());
    t.equal(signedIn.body?.code, 'ok', `after ${mode}: the first sign-in works again (the failures did not lock the account)`);
    t.same(
      (await answered(calls['address check']!())).body,
      { isSuccess: true, code: 'ok', data: { isExist: false } },
      `after ${mode}: the first call works again`,
    );
    t.equal((await answered(calls['profile of a signed-in member']!())).status, 200, `after ${mode}: the session survived the outage`);
    t.equal((await answered(browser.get('/readyz'))).status, 200, `after ${mode}: ready again`);
  }
});
