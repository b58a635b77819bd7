import t from 'tap';
import { Window } from 'happy-dom';

/**
 * Whatever screen asked (a passkey, a provider, a phone, the export, deletion, "This wasn't me"),
 * a 403 RecentSignInRequired is reported to the shell, which opens the one 'Sign in again'
 * dialog, and the reply still reaches the screen; other refusals report nothing.
 */
const window = new Window({ url: 'http://localhost/en/my-account#passkeys' });
Object.assign(globalThis, { window, location: window.location, history: window.history, document: window.document });

const replies: Array<{ status: number; body: unknown }> = [];
globalThis.fetch = (async () => {
  const next = replies.shift()!;
  return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
}) as typeof fetch;

const { request } = await import('../../client/api/http.ts');
const { onApiEvent } = await import('../../client/api/api-events.ts');
let reported = 0;
onApiEvent('recentSignInRequired', () => (reported += 1));

t.test('RecentSignInRequired opens the dialog and the reply goes on to the screen', async (t) => {
  replies.push({ status: 403, body: { isSuccess: false, code: 'RecentSignInRequired' } });
  const reply = await request('/api/Member/Passkey/RegisterOptions', { method: 'POST', body: {} });
  t.equal(reply.code, 'RecentSignInRequired');
  t.equal(reported, 1, 'reported once');
});

t.test('another refusal leaves it closed', async (t) => {
  replies.push({ status: 403, body: { isSuccess: false, code: 'Forbidden' } });
  await request('/api/Member/SocialConnect', { method: 'POST', body: {} });
  t.equal(reported, 1, 'nothing more reported');
});
