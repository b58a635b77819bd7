import Fastify from 'fastify';
import t from 'tap';
import { systemClock } from '../../server/common/clock.ts';
import errorReplies from '../../server/bff/plugins/errors.ts';
import sessionPlugin from '../../server/bff/plugins/session.ts';
import { MemoryStore } from '../../server/bff/store/memory-store.ts';
import { KeyValueSessionStore } from '../../server/bff/store/session-store.ts';
import { StoreUnavailableError } from '../../server/bff/store/store-unavailable-error.ts';

/** A store that goes away between reading a request's session and saving it: every write fails. */
class StoreGoneOnWrite extends MemoryStore {
  override async set(): Promise<void> {
    throw new StoreUnavailableError();
  }
}

/**
 * Redis going away in the middle of a sign-in: the member service said yes, but the session
 * cannot be saved. The sign-in must be refused with the envelope (503 servererror), not with
 * Fastify's own error body, which the client cannot read: the session is saved again on the error
 * reply, fails again, and that second failure used to escape the portal's error replies.
 */
t.test('a session that cannot be saved gets 503 servererror in the envelope', async (t) => {
  const app = Fastify({ logger: false });
  t.teardown(() => app.close());
  await app.register(errorReplies);
  await app.register(sessionPlugin, {
    store: new KeyValueSessionStore(new StoreGoneOnWrite(), systemClock, { idleSeconds: 600, absoluteSeconds: 3600 }),
    clock: systemClock,
    secret: 's'.repeat(32),
    // No session ends here: the store fails before any could.
    ender: { endThisSession: async () => {}, timedOut: async () => {} },
    secure: false,
    idleSeconds: 600,
    absoluteSeconds: 3600,
  });
  app.post('/sign-in', async (request) => {
    Object.assign(request.session, { memberId: 7, memberToken: 'token', signedInAt: Date.now(), lastSeenAt: Date.now() });
    return { isSuccess: true, code: 'ok' };
  });

  const reply = await app.inject({ method: 'POST', url: '/sign-in' });
  t.same([reply.statusCode, reply.json()], [503, { isSuccess: false, code: 'servererror' }]);
  t.notOk(reply.headers['set-cookie'], 'and no cookie for a session that was never saved');
});
