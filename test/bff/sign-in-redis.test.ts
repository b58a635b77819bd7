import t from 'tap';
import { createClient, startAnotherBff } from '../helper.ts';
import { readOutbox } from '../helpers/outbox.ts';
import { redisAvailable, redisForFile } from '../helpers/redis.ts';
import { mailedCode } from '../member-service/sign-in-fixtures.ts';
import { startSignInStack } from './sign-in-fixtures.ts';

if (!redisAvailable()) {
  t.test('sign-in state shared through Redis', { skip: 'redis-server is not installed' }, async () => {});
} else {
  const redis = await redisForFile(t);
  let prefixes = 0;

  /** Two portal instances sharing one Redis (a key prefix of their own per test) and one member service. */
  async function twoInstances(t: Parameters<typeof startSignInStack>[0]) {
    const signIn = await startSignInStack(t, { env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `sign-in${++prefixes}:` } });
    const other = await startAnotherBff(t, signIn.stack);
    return { ...signIn, a: signIn.stack.bffUrl, b: other.url };
  }

  t.test('wrong passwords on either instance count towards one lock, which both honour', async (t) => {
    const { a, b, member, login } = await twoInstances(t);
    const ada = await member();
    for (const url of [a, b, a, b]) t.equal((await login(createClient(url), ada.email, 'Wrong1234')).body.code, 'AccountOrPwdFail');
    t.same(
      (await login(createClient(b), ada.email, 'Wrong1234')).body,
      { isSuccess: false, code: 'AccountLock', data: { remainingSeconds: 180 } },
      'the fifth, on B, locks',
    );
    t.equal((await login(createClient(a), ada.email)).body.code, 'AccountLock', 'A sees the lock');
  });

  t.test('parallel wrong passwords spread over both instances do not get past five checks', async (t) => {
    const { a, b, member, login } = await twoInstances(t);
    const ada = await member();
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => login(createClient(i % 2 ? a : b), ada.email, 'Wrong1234')));
    t.equal(replies.filter((r) => r.body.code === 'AccountOrPwdFail').length, 4);
    t.equal(replies.filter((r) => r.body.code === 'AccountLock').length, 8);
  });

  t.test('the code send window opened on one instance holds on the other', async (t) => {
    const { a, b, member, stack } = await twoInstances(t);
    const ada = await member();
    t.equal(
      (await createClient(a).post('/api/Member/SendOtpCode', { userId: ada.email, otpVerifyType: 1 })).body.data.remainingSeconds,
      180,
    );
    const onB = await createClient(b).post('/api/Member/SendOtpCode', { userId: ada.email, otpVerifyType: 1 });
    t.ok(onB.body.data.remainingSeconds <= 180 && onB.body.data.remainingSeconds > 0, 'B answers with the running window');
    const code = await mailedCode(stack.dataDir, ada.email);
    const codeMails = (await readOutbox(stack.dataDir)).filter((m) => m.to === ada.email && !/activate-member/.test(m.text));
    t.equal(codeMails.length, 1, 'B sent no second code');
    const browser = createClient(b);
    t.equal((await browser.post('/api/Member/otpVerify', { userId: ada.email, code })).body.code, 'ok', 'the code from A signs in on B');
  });
}
