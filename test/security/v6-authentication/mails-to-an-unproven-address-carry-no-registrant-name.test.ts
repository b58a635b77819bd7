import t from 'tap';
import { activationLinkFor, createClient, startStack, validRegistration } from '../../helper.ts';
import { readOutbox, waitForMail } from '../../helpers/outbox.ts';

/**
 * Whoever registers an address chooses the name, and until the address is proven that may be
 * anyone: a mail to an address nobody has proven greets without the registrant's name, so an
 * attacker cannot mail his own words to any mailbox from the portal's address. Once the mailbox
 * owner has proven it, mails greet the member by name again.
 */
const VICTIM = 'named-by-someone-else@example.com';
const FIRST = 'Security alert:';
const LAST = 'verify at evil.example now';

t.test('the verification mail to a new address greets without the name the registrant typed', async (t) => {
  const stack = await startStack(t, { env: { REGISTER_RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '5000' } });
  const attacker = createClient(stack.bffUrl);
  const registered = await attacker.post('/api/Member/Register', validRegistration(VICTIM, { firstName: FIRST, lastName: LAST }));
  t.equal(registered.body.code, 'ok');

  const mail = await waitForMail(stack.dataDir, VICTIM);
  t.notMatch(mail.text, /Security alert|evil\.example/, 'not in the text part');
  t.notMatch(mail.html, /Security alert|evil\.example/, 'not in the HTML part');
  t.match(mail.text, /^Welcome,$/m, 'the mail greets without a name');

  t.equal((await attacker.post('/api/Member/Reactivate', { userId: VICTIM })).body.code, 'ok');
  const again = await waitForMail(stack.dataDir, VICTIM, { count: 2 });
  t.notMatch(again.text, /Security alert|evil\.example/, 'nor a verification mail asked for again');

  const link = await activationLinkFor(stack.dataDir, VICTIM, 2);
  t.equal((await createClient(stack.bffUrl).post('/api/Member/Activate', { userId: link!.userId, token: link!.token })).body.code, 'ok');
  t.equal((await createClient(stack.bffUrl).post('/api/Member/ForgotPwd', { userId: VICTIM })).body.code, 'ok');
  const afterProof = await waitForMail(stack.dataDir, VICTIM, { count: 3 });
  t.match(
    afterProof.text,
    /^Hello Security alert: verify at evil\.example now,$/m,
    'a proven address is greeted by the name on the account',
  );
  t.equal((await readOutbox(stack.dataDir)).length, 3);
});
