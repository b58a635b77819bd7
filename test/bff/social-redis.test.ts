import t from 'tap';
import { createClient, startAnotherBff, startStack } from '../helper.ts';
import { startGraphApi } from '../helpers/graph-api.ts';
import { redisAvailable, redisForFile } from '../helpers/redis.ts';

if (!redisAvailable()) {
  t.test('social sign-in across portal instances', { skip: 'redis-server is not installed' }, async () => {});
} else {
  t.test('a round trip started on one instance finishes on another (state and identity live in the shared session)', async (t) => {
    const redis = await redisForFile(t);
    const facebook = await startGraphApi(t);
    const stack = await startStack(t, { env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'social:', ...facebook.env() } });
    const other = await startAnotherBff(t, stack);

    const onA = createClient(stack.bffUrl);
    facebook.signInAs({ id: 'fb-77', name: 'Ada Graph', email: 'ada.graph@example.com' });
    const started = await onA.post('/api/Member/SocialAuthorize', { socialType: 2, origin: 'login' });
    const back = await facebook.authorize(started.body.data.authorizationUrl);

    const onB = createClient(other.url);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    const login = await onB.post('/api/Member/FbLogin', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
    t.equal(login.body.code, 'notfound', 'B knows the state A issued');
    t.same(
      (await onA.get('/api/Member/SocialSignUp')).body.data.identity,
      { socialType: 2, socialEmail: 'ada.graph@example.com', socialName: 'Ada Graph' },
      'and A sees the identity B verified',
    );

    const replay = await onA.post('/api/Member/FbLogin', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
    t.equal(replay.body.code, 'SocialStateInvalid', 'used once, whichever instance');
  });
}
