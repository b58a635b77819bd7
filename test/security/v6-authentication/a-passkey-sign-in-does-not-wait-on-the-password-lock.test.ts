import t from 'tap';
import { LOCKOUT_MAX_FAILURES } from '../../../shared/limits.ts';
import { createClient, freePort, type TestClient } from '../../helper.ts';
import { SoftwareAuthenticator } from '../../helpers/software-authenticator.ts';
import { startSignInStack } from '../../bff/sign-in-fixtures.ts';

/**
 * ASVS 6.3.1 / 6.4: a passkey cannot be guessed, so the password lock must not apply to it:
 * whoever knows the address could otherwise keep the member out of passkey sign-in with five
 * wrong passwords every 180 seconds. Refused assertions are counted against that credential instead.
 */
const port = await freePort();
const origin = `http://localhost:${port}`;
const { stack, member, login } = await startSignInStack(t, { env: { PORT: String(port), PUBLIC_ORIGIN: origin } });

async function withPasskey() {
  const ada = await member();
  const owner = createClient(stack.bffUrl);
  await login(owner, ada.email);
  const key = new SoftwareAuthenticator(origin);
  const options = await owner.post('/api/Member/Passkey/RegisterOptions');
  const added = await owner.post('/api/Member/Passkey/Register', { credential: key.register(options.body.data), name: 'Laptop' });
  if (added.body.code !== 'ok') throw new Error(`no passkey: ${added.body.code}`);
  return { ada, key };
}

async function passkeySignIn(key: SoftwareAuthenticator, browser: TestClient = createClient(stack.bffUrl)) {
  const options = await browser.post('/api/Member/Passkey/LoginOptions');
  return (await browser.post('/api/Member/Passkey/Login', { credential: key.assert(options.body.data) })).body.code as string;
}

t.test('five wrong passwords lock the password, not the passkey', async (t) => {
  const { ada, key } = await withPasskey();
  const stranger = createClient(stack.bffUrl);
  const codes: string[] = [];
  for (let i = 0; i <= LOCKOUT_MAX_FAILURES; i += 1) codes.push((await login(stranger, ada.email, `Wrong-guess-${i}`)).body.code);
  t.equal(codes.at(-1), 'AccountLock', 'the password is locked');
  t.equal((await login(createClient(stack.bffUrl), ada.email)).body.code, 'AccountLock', 'even for the right password');

  const browser = createClient(stack.bffUrl);
  t.equal(await passkeySignIn(key, browser), 'ok', 'the passkey still signs the member in');
  t.equal((await browser.get('/api/Member')).body.data.email, ada.email);
});

t.test('refused assertions lock that credential alone, and leave the password alone', async (t) => {
  const { ada, key } = await withPasskey();
  // Another key presenting the member's credential id: its signatures never verify.
  const forger = new SoftwareAuthenticator(origin).claiming(key.credentialId);
  const codes: string[] = [];
  for (let i = 0; i <= LOCKOUT_MAX_FAILURES; i += 1) codes.push(await passkeySignIn(forger));
  t.same(codes.slice(0, LOCKOUT_MAX_FAILURES - 1), Array(LOCKOUT_MAX_FAILURES - 1).fill('PasskeyNotAccepted'));
  t.equal(codes.at(-1), 'AccountLock', 'the credential is locked after five refusals');
  t.equal(await passkeySignIn(key), 'AccountLock', 'for a while, even for its real owner');
  t.equal((await login(createClient(stack.bffUrl), ada.email)).body.code, 'ok', 'the password was never locked by it');
});
