import t from 'tap';
import { createActiveMember, createClient, freePort, signIn, startStack } from '../../helper.ts';
import { SoftwareAuthenticator } from '../../helpers/software-authenticator.ts';

/*
 * A discoverable credential carries the user handle of the account it was made for. The portal
 * used to ignore it and sign in whoever the store said owned the credential id; an assertion
 * whose handle names another account (or none) is now refused.
 */
const port = await freePort();
const origin = `http://localhost:${port}`;
const stack = await startStack(t, { env: { PORT: String(port), PUBLIC_ORIGIN: origin, LOGIN_FAILURES_PER_IP: '1000' } });

async function enrolledKey() {
  const member = await createActiveMember(stack);
  const owner = await signIn(stack, member);
  const key = new SoftwareAuthenticator(origin, { counter: false });
  const options = await owner.post('/api/Member/Passkey/RegisterOptions');
  const added = await owner.post('/api/Member/Passkey/Register', { credential: key.register(options.body.data), name: 'Phone' });
  if (added.body.code !== 'ok') throw new Error(added.text);
  return { key, handle: options.body.data.user.id as string, owner };
}

async function signInWith(key: SoftwareAuthenticator) {
  const browser = createClient(stack.bffUrl);
  const options = (await browser.post('/api/Member/Passkey/LoginOptions')).body.data;
  const code = (await browser.post('/api/Member/Passkey/Login', { credential: key.assert(options) })).body.code as string;
  return { code, isLogin: (await browser.get('/api/Member/IsLogin')).body.data.isLogin as boolean };
}

t.test("an assertion carrying another account's user handle is refused", async (t) => {
  const victim = await enrolledKey();
  const other = await enrolledKey();
  t.not(victim.handle, other.handle, 'each account has its own handle');
  const misnamed = victim.key.variant({});
  misnamed.userHandle = other.handle;
  t.same(await signInWith(misnamed), { code: 'PasskeyNotAccepted', isLogin: false });
  const unnamed = victim.key.variant({});
  unnamed.userHandle = '';
  t.same(await signInWith(unnamed), { code: 'PasskeyNotAccepted', isLogin: false }, 'no handle at all');
  t.same(await signInWith(victim.key), { code: 'ok', isLogin: true }, "the owner's own handle signs in");
});
