import t from 'tap';
import { createActiveMember, createClient, startStack } from '../../helper.ts';
import { readOutbox } from '../../helpers/outbox.ts';

const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * The browser is recognised by a cookie script cannot read, and whose value an attacker cannot
 * choose: a forged or copied-and-altered device cookie makes the browser new, so the member is
 * mailed about the sign-in rather than the intruder passing as a known device.
 */
t.test('the device cookie is HttpOnly, SameSite, long-lived and signed: a forged one counts as a new device', async (t) => {
  const stack = await startStack(t);
  const member = await createActiveMember(stack);
  const newDeviceMails = async () =>
    (await readOutbox(stack.dataDir)).filter((m) => m.to === member.email && m.text.includes('/not-me/')).length;
  const waitForMails = async (count: number) => {
    for (let tries = 0; tries < 200 && (await newDeviceMails()) < count; tries++) await new Promise((r) => setTimeout(r, 50));
    return newDeviceMails();
  };

  const owner = createClient(stack.bffUrl);
  const first = await owner.post('/api/Member/Login', { userId: member.email, password: member.password });
  const header = first.headers.getSetCookie().find((line) => line.startsWith('portal-device='));
  t.ok(header, 'a device cookie is set at sign-in');
  t.match(header, /HttpOnly/i);
  t.match(header, /SameSite=Lax/i);
  t.match(header, /Max-Age=34560000/, '400 days, renewed at every sign-in');
  const value = decodeURIComponent(owner.cookies.get('portal-device') ?? '');
  t.match(value, /^[A-Za-z0-9_-]+\.[A-Za-z0-9+/_=-]+$/, 'an id and its signature');

  const intruder = createClient(stack.bffUrl);
  const [id = ''] = value.split('.');
  intruder.cookies.set('portal-device', encodeURIComponent(`${id}.forged-signature`));
  await intruder.post('/api/Member/Login', { userId: member.email, password: member.password }, { headers: { 'user-agent': SAFARI } });
  t.equal(await waitForMails(1), 1, 'a copied id with a forged signature is a new device: the member is mailed');

  const unsigned = createClient(stack.bffUrl);
  unsigned.cookies.set('portal-device', id);
  await unsigned.post('/api/Member/Login', { userId: member.email, password: member.password }, { headers: { 'user-agent': SAFARI } });
  t.equal(await waitForMails(2), 2, 'so is the bare id without a signature');
});
