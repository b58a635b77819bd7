import t, { type Test } from 'tap';
import { createClient, freePort, type TestClient } from '../../helper.ts';
import { findLink, readOutbox } from '../../helpers/outbox.ts';
import { SoftwareAuthenticator } from '../../helpers/software-authenticator.ts';
import { SITE_KEY, startSignInStack } from '../../bff/sign-in-fixtures.ts';

/**
 * ASVS 6.3.7 / 7.4: a passkey is a way in that needs no password, so an intruder who got into an
 * account would add one to stay. Taking the account back ("This wasn't me", a reset link) must
 * remove it, and a company-site ticket, which the site held and not the member, is no proof
 * fresh enough to add one.
 */
const port = await freePort();
const origin = `http://localhost:${port}`;
const { stack, member, login } = await startSignInStack(t, { env: { PORT: String(port), PUBLIC_ORIGIN: origin } });

async function addPasskey(client: TestClient, key: SoftwareAuthenticator) {
  const options = await client.post('/api/Member/Passkey/RegisterOptions');
  if (options.body.code !== 'ok') return options.body.code as string;
  return (await client.post('/api/Member/Passkey/Register', { credential: key.register(options.body.data), name: 'Mine now' })).body
    .code as string;
}

async function passkeySignIn(key: SoftwareAuthenticator) {
  const browser = createClient(stack.bffUrl);
  const options = await browser.post('/api/Member/Passkey/LoginOptions');
  return (await browser.post('/api/Member/Passkey/Login', { credential: key.assert(options.body.data) })).body.code as string;
}

/** The reset link mailed to the address (other mails to it, about the passkey, may come before or after it). */
async function resetLinkTo(email: string): Promise<string> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const link = (await readOutbox(stack.dataDir)).map((mail) => mail.to === email && findLink(mail, '/auth/verify-email/')).find(Boolean);
    if (link) return link;
  }
  throw new Error(`no reset link to ${email}`);
}

/** The intruder signs in with the stolen password and adds a passkey of his own. */
async function intruderStays(t: Test, email: string) {
  const intruder = createClient(stack.bffUrl);
  t.equal((await login(intruder, email)).body.code, 'ok', 'the intruder signs in with the password');
  const key = new SoftwareAuthenticator(origin);
  t.equal(await addPasskey(intruder, key), 'ok', 'and adds a passkey of his own');
  t.equal(await passkeySignIn(key), 'ok', 'which signs in');
  return key;
}

t.test("This wasn't me on the passkey's own event removes it", async (t) => {
  const ada = await member();
  const key = await intruderStays(t, ada.email);
  const owner = createClient(stack.bffUrl);
  await login(owner, ada.email);
  const events = (await owner.get('/api/Member/SecurityEvents')).body.data.events as Array<{ id: string; type: string }>;
  const added = events.find((event) => event.type === 'passkeyAdded')!;
  t.equal((await owner.post('/api/Member/SecurityEvents/NotMe', { eventId: added.id })).body.code, 'ok');

  t.equal(await passkeySignIn(key), 'PasskeyNotAccepted', 'the passkey no longer signs in');
  const again = createClient(stack.bffUrl);
  await login(again, ada.email);
  t.same((await again.get('/api/Member/Passkeys')).body.data.passkeys, [], 'nor is it listed');
});

t.test('a reset link removes it', async (t) => {
  const ada = await member();
  const key = await intruderStays(t, ada.email);
  const owner = createClient(stack.bffUrl);
  t.equal((await owner.post('/api/Member/ForgotPwd', { userId: ada.email })).body.code, 'ok');
  const url = await resetLinkTo(ada.email);
  const [, token, userId] = /\/auth\/verify-email\/([^/]+)\/([^/?#]+)$/.exec(url)!;
  const password = 'Reclaimed2026x';
  const reset = await owner.post('/api/Member/ResetPwdUnAuth', {
    userId: decodeURIComponent(userId!),
    token: decodeURIComponent(token!),
    password,
    confirmPassword: password,
  });
  t.equal(reset.body.code, 'ok', 'the owner sets a new password through the mailbox');
  t.equal(await passkeySignIn(key), 'PasskeyNotAccepted', "the intruder's passkey no longer signs in");
});

t.test('a company-site ticket is no proof for adding a passkey; the password is', async (t) => {
  const ada = await member({ preferring: 0 });
  const signedIn = await login(createClient(stack.bffUrl), ada.email, undefined, 'https://shop.example/welcome');
  const shop = createClient(stack.bffUrl);
  const redeemed = await shop.post(
    '/api/Member/CheckGoToProfile',
    { memberId: signedIn.body.data.id, tempId: signedIn.body.data.tempId },
    { headers: { authorization: `Bearer ${SITE_KEY}` } },
  );
  t.equal(redeemed.body.code, 'ok', 'the shop redeems the sign-in ticket and gets a referer ticket');

  const byTicket = createClient(stack.bffUrl);
  t.equal((await byTicket.post('/api/Member/RefererLogin', { id: ada.publicId, tempId: redeemed.body.data.tempId })).body.code, 'ok');
  t.equal((await byTicket.get('/api/Member/IsLogin')).body.data.isLogin, true, 'the referer ticket signs a browser in');
  t.equal(await addPasskey(byTicket, new SoftwareAuthenticator(origin)), 'RecentSignInRequired', 'but adds no passkey');

  t.equal((await login(byTicket, ada.email)).body.code, 'ok', 'signed in again with the password');
  t.equal(await addPasskey(byTicket, new SoftwareAuthenticator(origin)), 'ok', 'the same browser adds one');
});
