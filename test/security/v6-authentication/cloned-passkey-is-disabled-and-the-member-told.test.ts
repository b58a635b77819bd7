import t from 'tap';
import { createActiveMember, createClient, freePort, signIn, startStack } from '../../helper.ts';
import { readOutbox, type ParsedMail } from '../../helpers/outbox.ts';
import { SoftwareAuthenticator } from '../../helpers/software-authenticator.ts';

/*
 * A signature by the passkey's own key whose counter went backwards means two copies of the key
 * are in use (WebAuthn §6.1.1). It used to be refused like any wrong answer and forgotten. Now
 * the credential is taken out of use, the member's activity shows why, and a mail tells them.
 */
const port = await freePort();
const origin = `http://localhost:${port}`;
const stack = await startStack(t, { env: { PORT: String(port), PUBLIC_ORIGIN: origin, LOGIN_FAILURES_PER_IP: '1000' } });

/** Mails are written by the queue after the reply: wait for the one with this subject. */
async function mailWithSubject(to: string, subject: string): Promise<ParsedMail> {
  for (let i = 0; i < 100; i += 1) {
    const mail = (await readOutbox(stack.dataDir)).find((m) => m.to.includes(to) && m.subject === subject);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail "${subject}" to ${to}`);
}

const signInWith = async (key: SoftwareAuthenticator) => {
  const browser = createClient(stack.bffUrl);
  const options = (await browser.post('/api/Member/Passkey/LoginOptions')).body.data;
  return (await browser.post('/api/Member/Passkey/Login', { credential: key.assert(options) })).body.code as string;
};

t.test('a counter that goes backwards disables the passkey, records it and mails the member', async (t) => {
  const member = await createActiveMember(stack);
  const owner = await signIn(stack, member);
  const key = new SoftwareAuthenticator(origin, { counter: true });
  const options = await owner.post('/api/Member/Passkey/RegisterOptions');
  const added = await owner.post('/api/Member/Passkey/Register', { credential: key.register(options.body.data), name: 'Work laptop' });
  t.equal(added.body.code, 'ok', added.text);

  const copy = key.clone();
  t.equal(await signInWith(key), 'ok', 'the genuine passkey signs in and moves the counter on');
  t.equal(await signInWith(copy), 'PasskeyNotAccepted', 'the copy answers with a counter already used');
  t.equal(await signInWith(key), 'PasskeyNotAccepted', 'and the passkey signs nobody in any more, neither copy');

  t.same((await owner.get('/api/Member/Passkeys')).body.data.passkeys, [], 'it is gone from the list');
  const events = (await owner.get('/api/Member/SecurityEvents')).body.data.events as Array<{ type: string; method: string }>;
  t.match(events[0], { type: 'passkeyCloned', method: 'passkey' }, 'the activity says why');
  const found = await mailWithSubject(member.email, 'A passkey was turned off to protect your account');
  t.equal(found.subject, 'A passkey was turned off to protect your account');
  t.match(found.text, /Work laptop/);

  const again = await owner.post('/api/Member/Passkey/RegisterOptions');
  const readd = await owner.post('/api/Member/Passkey/Register', { credential: key.register(again.body.data), name: 'Again' });
  t.equal(readd.body.code, 'PasskeyExists', 'the disabled credential cannot be added back');
});

t.test('a counter-less passkey (0 every time) is not taken for a copy', async (t) => {
  const member = await createActiveMember(stack);
  const owner = await signIn(stack, member);
  const key = new SoftwareAuthenticator(origin, { counter: false });
  const options = await owner.post('/api/Member/Passkey/RegisterOptions');
  await owner.post('/api/Member/Passkey/Register', { credential: key.register(options.body.data), name: 'Synced' });
  for (let i = 0; i < 3; i += 1) t.equal(await signInWith(key), 'ok');
});
