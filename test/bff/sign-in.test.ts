import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { RECENT_SIGN_IN_SECONDS } from '../../shared/limits.ts';
import { createActiveMember, createClient, freePort, signIn, startStack, type TestClient } from '../helper.ts';
import { waitForMail } from '../helpers/outbox.ts';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';

/**
 * Passkeys over HTTP with a software authenticator: several per member, listed, renamed and
 * removed only by their owner, a sign-in that answers like the password sign-in, and the
 * recent-sign-in rule for adding one. (Browser journeys: test/e2e/passkeys.test.ts.)
 */
const clock = new ManualClock();
const port = await freePort();
const origin = `http://localhost:${port}`;
const stack = await startStack(t, { clock, env: { PORT: String(port), PUBLIC_ORIGIN: origin } });

async function addPasskey(client: TestClient, authenticator: SoftwareAuthenticator, name: string) {
  const options = await client.post('/api/Member/Passkey/RegisterOptions');
  return client.post('/api/Member/Passkey/Register', { credential: authenticator.register(options.body.data), name });
}

async function passkeySignIn(client: TestClient, authenticator: SoftwareAuthenticator, extra: Record<string, unknown> = {}) {
  const options = await client.post('/api/Member/Passkey/LoginOptions');
  return client.post('/api/Member/Passkey/Login', { credential: authenticator.assert(options.body.data), ...extra });
}

t.test('options: the portal is the relying party, user verification is required, resident keys only', async (t) => {
  const client = await signIn(stack, await createActiveMember(stack));
  const options = await client.post('/api/Member/Passkey/RegisterOptions');
  t.equal(options.status, 200);
  t.equal(options.body.data.rp.id, 'localhost', 'RP id is the host of PUBLIC_ORIGIN');
  t.match(options.body.data.authenticatorSelection, { residentKey: 'required', userVerification: 'required' });
  const login = await createClient(stack.bffUrl).post('/api/Member/Passkey/LoginOptions');
  t.match(login.body.data, { rpId: 'localhost', userVerification: 'required', allowCredentials: [] });
});

t.test('two passkeys: listed, renamed, each signs in, removed; the list shows no credential material', async (t) => {
  const member = await createActiveMember(stack);
  const client = await signIn(stack, member);
  const laptop = new SoftwareAuthenticator(origin);
  const phone = new SoftwareAuthenticator(origin, { counter: false });
  t.equal((await addPasskey(client, laptop, 'Laptop')).body.code, 'ok');
  t.equal((await addPasskey(client, phone, 'Phone')).body.code, 'ok');
  const listed = await client.get('/api/Member/Passkeys');
  t.same(
    listed.body.data.passkeys.map((p: { name: string }) => p.name),
    ['Laptop', 'Phone'],
  );
  t.same(Object.keys(listed.body.data.passkeys[0]).sort(), ['createdAt', 'id', 'lastUsedAt', 'name']);
  t.equal(listed.body.data.passkeys[0].lastUsedAt, null, 'never used yet');

  const renamed = await client.patch(`/api/Member/Passkeys/${listed.body.data.passkeys[1].id}`, { name: 'Work phone' });
  t.equal(renamed.body.data.passkey.name, 'Work phone');

  for (const authenticator of [laptop, phone, phone]) {
    const browser = createClient(stack.bffUrl);
    const signedIn = await passkeySignIn(browser, authenticator);
    t.equal(signedIn.body.code, 'ok', 'the passkey signs in');
    t.equal(signedIn.body.data.userId, member.email);
    t.notOk('token' in signedIn.body.data, 'the member token stays in the portal');
    t.equal((await browser.get('/api/Member/IsLogin')).body.data.isLogin, true, 'the browser is signed in');
  }
  const used = await client.get('/api/Member/Passkeys');
  t.ok(
    used.body.data.passkeys.every((p: { lastUsedAt: string | null }) => p.lastUsedAt !== null),
    'last use recorded',
  );

  const removed = await client.delete(`/api/Member/Passkeys/${listed.body.data.passkeys[0].id}`);
  t.equal(removed.body.code, 'ok');
  t.equal(
    (await passkeySignIn(createClient(stack.bffUrl), laptop)).body.code,
    'PasskeyNotAccepted',
    'a removed passkey no longer signs in',
  );
  t.equal((await passkeySignIn(createClient(stack.bffUrl), phone)).body.code, 'ok', 'the other one still does');
});

t.test("another member's passkey id is NotFound for rename and remove, and stays", async (t) => {
  const owner = await signIn(stack, await createActiveMember(stack));
  const other = await signIn(stack, await createActiveMember(stack));
  await addPasskey(owner, new SoftwareAuthenticator(origin), 'Mine');
  const [passkey] = (await owner.get('/api/Member/Passkeys')).body.data.passkeys;
  const renamed = await other.patch(`/api/Member/Passkeys/${passkey.id}`, { name: 'Taken' });
  t.equal(renamed.status, 404);
  t.equal(renamed.body.code, 'NotFound');
  const removed = await other.delete(`/api/Member/Passkeys/${passkey.id}`);
  t.equal(removed.status, 404);
  t.equal(removed.body.code, 'NotFound');
  t.same((await other.get('/api/Member/Passkeys')).body.data.passkeys, [], 'not in the other list');
  t.equal((await owner.get('/api/Member/Passkeys')).body.data.passkeys[0].name, 'Mine', 'unchanged for its owner');
});

t.test('adding a passkey needs a recent sign-in; signed out it is 401', async (t) => {
  t.equal((await createClient(stack.bffUrl).post('/api/Member/Passkey/RegisterOptions')).status, 401);
  const client = await signIn(stack, await createActiveMember(stack));
  const options = await client.post('/api/Member/Passkey/RegisterOptions');
  clock.advance(RECENT_SIGN_IN_SECONDS * 1000 + 1000);
  // Still inside the idle limit: the session is alive but its sign-in is too old.
  const stale = await client.post('/api/Member/Passkey/Register', {
    credential: new SoftwareAuthenticator(origin).register(options.body.data),
    name: 'Late',
  });
  t.equal(stale.status, 403);
  t.equal(stale.body.code, 'RecentSignInRequired');
  t.equal((await client.post('/api/Member/Passkey/RegisterOptions')).body.code, 'RecentSignInRequired');
  t.same((await client.get('/api/Member/Passkeys')).body.data.passkeys, [], 'nothing added');
});

t.test('a passkey sign-in with a return URL of the portal stays local; pass goes along', async (t) => {
  const client = await signIn(stack, await createActiveMember(stack));
  const authenticator = new SoftwareAuthenticator(origin);
  await addPasskey(client, authenticator, 'Key');
  const signedIn = await passkeySignIn(createClient(stack.bffUrl), authenticator, { returnUrl: `${origin}/en/my-account`, pass: 'p1' });
  t.equal(signedIn.body.code, 'ok');
  t.equal(signedIn.body.data.redirectUrl, `${origin}/en/my-account`);
});

t.test('adding a passkey mails the member in the language of the page; adding and removing are security events', async (t) => {
  const member = await createActiveMember(stack);
  const client = await signIn(stack, member);
  const options = await client.post('/api/Member/Passkey/RegisterOptions');
  const added = await client.post(
    '/api/Member/Passkey/Register',
    { credential: new SoftwareAuthenticator(origin).register(options.body.data), name: 'ノート PC' },
    { headers: { 'accept-language': 'ja-jp' } },
  );
  t.equal(added.body.code, 'ok');
  const mail = await waitForMail(stack.dataDir, member.email, { count: 2 });
  t.equal(mail.subject, 'アカウントにパスキーが追加されました');
  t.match(mail.text, '「ノート PC」', 'names the passkey');
  t.match(mail.text, `${origin}/ja-jp/my-account#passkeys`, 'and where to remove it');

  await client.delete(`/api/Member/Passkeys/${added.body.data.passkey.id}`);
  const events = (await client.get('/api/Member/SecurityEvents')).body.data.events.map((e: { type: string }) => e.type);
  t.same(events.slice(0, 2), ['passkeyRemoved', 'passkeyAdded'], 'newest first');
});
