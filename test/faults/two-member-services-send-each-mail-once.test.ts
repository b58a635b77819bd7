import t from 'tap';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { register, startMemberService } from '../member-service/service.ts';
import { postgresAvailable, postgresForFile } from '../helpers/postgres.ts';
import { startSmtpServer } from '../helpers/smtp.ts';

/**
 * Two member-service instances on one PostgreSQL database and one mail server, both sending
 * queued mail as fast as they can: right after each commit and on a poll every 100 ms, with
 * retries after 100 ms. Whichever instance gets to a message, it goes out once.
 */
t.test('two member-service instances send each queued mail once', { skip: !postgresAvailable() }, async (t) => {
  const databaseUrl = await postgresForFile(t).createDatabase();
  const first = await startSmtpServer();
  const port = Number(new URL(first.url).port);
  await first.stop();

  const fast = { databaseUrl, smtpUrl: first.url, deliveryRetrySeconds: 0.1, deliveryPollSeconds: 0.1 };
  const a = await startMemberService(t, fast);
  // The second instance shares the first one's keys, as instances behind one portal do.
  const b = await startMemberService(t, {
    ...fast,
    serviceKey: a.config.serviceKey,
    passwordEncodingKey: a.config.passwordEncodingKey,
    crmHashKey: a.config.crmHashKey,
  });
  const instances = [a, b];

  const whileDown = Array.from({ length: 8 }, (_, i) => `down-${i}@example.com`);
  const replies = await Promise.all(whileDown.map((email, i) => register(instances[i % 2]!, { email, userId: email })));
  t.same(
    replies.map((reply) => reply.body.code),
    whileDown.map(() => 'ok'),
    'registrations answer ok on both instances while SMTP is down',
  );
  await new Promise((resolve) => setTimeout(resolve, 500));

  const server = await startSmtpServer({ port });
  t.teardown(() => server.stop());
  const whileUp = Array.from({ length: 8 }, (_, i) => `up-${i}@example.com`);
  await Promise.all(whileUp.map((email, i) => register(instances[i % 2]!, { email, userId: email })));
  for (const email of [...whileDown, ...whileUp]) await server.waitForMessage(email);
  // Several more polls and retries on both instances: nothing may go a second time.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await Promise.all(instances.map((instance) => instance.app.background.drain()));

  const counts = [...whileDown, ...whileUp].map((email) => server.messages.filter((mail) => mail.envelopeTo.includes(email)).length);
  t.same(
    counts,
    counts.map(() => 1),
    'each address got exactly one mail',
  );
  const store = await openMemberStore({ dataDir: a.dataDir, databaseUrl });
  t.teardown(() => store.close());
  t.same(await store.outgoingMessages.stats(), { depth: 0 }, 'and the queue is empty');
});
