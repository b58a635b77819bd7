import t from 'tap';
import { describeDevice } from '../../../server/bff/sessions/device.ts';
import { createActiveMember, createClient, signIn, startStack } from '../../helper.ts';
import { readOutbox } from '../../helpers/outbox.ts';

/*
 * The device name used to fall back to the first token of any user agent, so whoever signed in
 * (or failed to) wrote the text the member then read in the activity list, the session list and
 * the new-device mail. Only browser and system names the parser knows are shown.
 */
const SCAM = 'Call IT support now +1-800-555-0199 to unlock';
const HOSTILE_AGENTS = [
  `${SCAM}/1.0 (Windows)`,
  `${SCAM.replace(/ /g, '-')}/2 x`,
  `Mozilla/5.0 (compatible; ${SCAM}) Visit-evil.example/99`,
  `Mozilla/5.0 (Windows NT 10.0) Chrome/131.0 ${SCAM}/1`,
];

t.test('the parser’s fallback never becomes a device name', async (t) => {
  for (const agent of HOSTILE_AGENTS) t.notMatch(describeDevice(agent), /Call|0199|evil|unlock|Visit/, agent);
  t.equal(describeDevice(`${SCAM}/1.0`), '', 'nothing known: no name (shown as "Unknown device")');
  t.equal(
    describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'),
    'Chrome 131 · Windows 10',
  );
});

t.test('the activity list, the session list and the new-device mail show no attacker text', async (t) => {
  const stack = await startStack(t);
  const member = await createActiveMember(stack);
  await signIn(stack, member);
  const intruder = createClient(stack.bffUrl);
  const wrong = await intruder.post(
    '/api/Member/Login',
    { userId: member.email, password: 'Wrong-password-1' },
    { headers: { 'user-agent': `${SCAM}/1.0` } },
  );
  t.equal(wrong.body.code, 'AccountOrPwdFail');
  const signedIn = await intruder.post(
    '/api/Member/Login',
    { userId: member.email, password: member.password },
    { headers: { 'user-agent': `${SCAM}/1.0` } },
  );
  t.equal(signedIn.body.code, 'ok');

  const owner = await signIn(stack, member);
  let events: Array<{ type: string; device: string }> = [];
  for (let i = 0; i < 100 && events.filter((e) => e.type === 'signIn').length < 3; i += 1) {
    events = (await owner.get('/api/Member/SecurityEvents')).body.data.events;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  t.notMatch(JSON.stringify(events), /Call|0199|unlock/, 'activity');
  t.notMatch(JSON.stringify((await owner.get('/api/Member/Sessions')).body), /Call|0199|unlock/, 'sessions');
  for (let i = 0; i < 40; i += 1) {
    if ((await readOutbox(stack.dataDir)).some((mail) => /new|device|sign/i.test(mail.subject) && mail.to === member.email)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const mail of await readOutbox(stack.dataDir)) t.notMatch(mail.text, /Call IT|0199|unlock/, `mail: ${mail.subject}`);
});
