import t from 'tap';
import { createActiveMember, startStack, TEST_PASSWORD, type Stack } from '../../helper.ts';
import { visitorAt } from '../../helpers/source-address.ts';

/**
 * The per-IP sign-in limit counts failed checks, not sign-ins: a whole office behind one
 * address signs in at nine o'clock, while one address spraying a password across many
 * accounts is stopped. The defaults are the ones an operator gets (README).
 */

/** Only registration is opened up, to create the members quickly; every sign-in limit keeps its default. */
const startDefaults = (t: Parameters<typeof startStack>[0], env: NodeJS.ProcessEnv = {}) =>
  startStack(t, { env: { REGISTER_RATE_LIMIT_PER_MINUTE: '1000', ...env } });

async function members(stack: Stack, count: number): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = await Promise.all(Array.from({ length: Math.min(10, count - i) }, () => createActiveMember(stack)));
    emails.push(...batch.map((member) => member.email));
  }
  return emails;
}

t.test('fifty colleagues sign in from one office address within a minute', async (t) => {
  const stack = await startDefaults(t);
  const office = visitorAt(stack.bffUrl, '127.0.0.2');
  const colleagues = await members(stack, 50);
  const replies = [];
  for (const email of colleagues) replies.push(await office.post('/api/Member/Login', { userId: email, password: TEST_PASSWORD }));
  t.same(
    replies.map((reply) => `${reply.status} ${reply.body.code}`),
    colleagues.map(() => '200 ok'),
    'every one of them is signed in',
  );
});

t.test('spraying one password across accounts from one address is stopped; other addresses are not', async (t) => {
  const stack = await startDefaults(t);
  const [victim, colleague] = await members(stack, 2);
  const sprayer = visitorAt(stack.bffUrl, '127.0.0.3');
  const neighbour = visitorAt(stack.bffUrl, '127.0.0.4');
  const spray = (userId: string) => sprayer.post('/api/Member/Login', { userId, password: 'Summer2026!' });

  const targets = [victim!, ...Array.from({ length: 49 }, (_, i) => `target${i}@example.com`)];
  const answers = [];
  for (const userId of targets) answers.push((await spray(userId)).body.code);
  t.same(
    answers,
    targets.map(() => 'AccountOrPwdFail'),
    'fifty wrong guesses, each a different account (no account lock involved)',
  );

  const stopped = await spray('target-next@example.com');
  t.same([stopped.status, stopped.body], [429, { isSuccess: false, code: 'TooManyRequests' }], 'the next guess is refused');
  const retryAfter = Number(stopped.headers.get('retry-after'));
  t.ok(retryAfter > 0 && retryAfter <= 900, `Retry-After within the 15-minute window (${retryAfter})`);
  t.equal(
    (await sprayer.post('/api/Member/Login', { userId: colleague, password: TEST_PASSWORD })).status,
    429,
    'the address waits, even with a right password',
  );
  t.equal(
    (await sprayer.post('/api/Member/otpVerify', { userId: colleague, code: '000000' })).status,
    429,
    'code sign-in from it waits too',
  );

  const elsewhere = await neighbour.post('/api/Member/Login', { userId: colleague, password: TEST_PASSWORD });
  t.same([elsewhere.status, elsewhere.body.code], [200, 'ok'], 'another address is unaffected');
  t.equal(
    (await neighbour.post('/api/Member/Login', { userId: victim, password: TEST_PASSWORD })).body.code,
    'ok',
    'the sprayed account is not locked',
  );
});

t.test('wrong codes and wrong passwords share the address budget', async (t) => {
  const stack = await startDefaults(t, { LOGIN_FAILURES_PER_IP: '3' });
  const [ada] = await members(stack, 1);
  const guesser = visitorAt(stack.bffUrl, '127.0.0.5');
  t.equal((await guesser.post('/api/Member/otpVerify', { userId: ada, code: '000000' })).body.code, 'unauthorized');
  t.equal((await guesser.post('/api/Member/otpVerify', { userId: 'nobody@example.com', code: '000000' })).body.code, 'unauthorized');
  t.equal(
    (await guesser.post('/api/Member/Login', { userId: 'nobody@example.com', password: 'Summer2026!' })).body.code,
    'AccountOrPwdFail',
  );
  t.equal((await guesser.post('/api/Member/Login', { userId: ada, password: TEST_PASSWORD })).status, 429);
});
