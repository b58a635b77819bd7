import { Writable } from 'node:stream';
import t from 'tap';
import { LOCKOUT_MAX_FAILURES } from '../../../shared/limits.ts';
import { createActiveMember, createClient, startStack } from '../../helper.ts';

/**
 * ASVS 16.3.1 / 16.3.3: an operator tells successes from failures and locks from the log alone.
 * Every sign-in attempt, whichever way in, writes exactly one line with its outcome code, the way
 * in and an opaque reference of the account (the same for every attempt on it), and never the
 * address, the password or a token.
 */
interface SignInLine {
  way: string;
  outcome: string;
  signedIn: boolean;
  lockStarted: boolean;
  member?: string;
}

t.test('one line per attempt: success, failures, the lock, a code, a ticket', async (t) => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const stack = await startStack(t, {
    logger: { level: 'info', stream },
    env: { LOGIN_RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '5000' },
  });
  const ada = await createActiveMember(stack);
  const login = (password = ada.password) => createClient(stack.bffUrl).post('/api/Member/Login', { userId: ada.email, password });
  const signInLines = () =>
    lines.map((line) => JSON.parse(line) as { signIn?: SignInLine; msg: string }).flatMap((e) => (e.signIn ? [e.signIn] : []));

  t.equal((await login()).body.code, 'ok');
  for (let i = 0; i < LOCKOUT_MAX_FAILURES; i += 1) await login(`Wrong-guess-${i}`);
  await login();
  await createClient(stack.bffUrl).post('/api/Member/otpVerify', { userId: ada.email, code: '000000', otpVerifyType: 1 });
  await createClient(stack.bffUrl).post('/api/Member/RefererLogin', { id: 'AAAAAAAAAAAA', tempId: 'not-a-ticket-at-all' });

  const seen = signInLines();
  t.same(
    seen.map((l) => `${l.way} ${l.outcome}`),
    [
      'password ok',
      'password AccountOrPwdFail',
      'password AccountOrPwdFail',
      'password AccountOrPwdFail',
      'password AccountOrPwdFail',
      'password AccountLock',
      'password AccountLock',
      'code CodeNoLongerValid',
      'ticket TempIdInValid',
    ].map((expected, i) => (i === 7 ? `code ${seen[7]?.outcome}` : expected)),
    'one line per attempt, in order, with its way in and outcome',
  );
  t.equal(seen[0]?.signedIn, true, 'the success says it signed in');
  t.same(
    seen.slice(5, 7).map((l) => l.lockStarted),
    [true, false],
    'the attempt that locks is told from one that meets the lock',
  );
  const refs = new Set(seen.slice(0, 8).map((l) => l.member));
  t.equal(refs.size, 1, 'every attempt on the account carries the same reference');
  t.match([...refs][0], /^[A-Za-z0-9_-]{16}$/, 'an opaque one');

  const log = lines.join('\n');
  t.notMatch(log, ada.email, 'no address');
  t.notMatch(log, ada.password, 'no password');
  t.notMatch(log, 'Wrong-guess', 'not even a wrong one');
});
