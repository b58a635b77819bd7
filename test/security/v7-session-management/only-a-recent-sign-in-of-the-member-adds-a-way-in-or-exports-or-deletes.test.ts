import t from 'tap';
import { RECENT_SIGN_IN_SECONDS } from '../../../shared/limits.ts';
import { ManualClock } from '../../../server/common/clock.ts';
import { createClient, type TestClient } from '../../helper.ts';
import { SITE_KEY, startSignInStack } from '../../bff/sign-in-fixtures.ts';

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
