import pg from 'pg';
import t from 'tap';
import { createClient, startStack, validRegistration } from '../helper.ts';
import { waitForMail } from '../helpers/outbox.ts';
import { postgresAvailable, startPostgres } from '../helpers/postgres.ts';
import { answered, until } from './within.ts';

const SERVER_ERROR = { isSuccess: false, code: 'servererror' };

interface Outcome {
  email: string;
  status: number;
  body: unknown;
}

t.test(
  'PostgreSQL restarted under a stream of registrations: every ok is stored and mailed, and the pool recovers',
  { skip: !postgresAvailable() },
  async (t) => {
    const postgres = await startPostgres();
    t.teardown(() => postgres.stop());
    const databaseUrl = await postgres.createDatabase();
    const stack = await startStack(t, {
      env: { REGISTER_RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000' },
      memberService: { databaseUrl, deliveryRetrySeconds: 0.2, deliveryPollSeconds: 0.2 },
    });

    const outcomes: Outcome[] = [];
    let streaming = true;
    let sequence = 0;
    async function visitor(): Promise<void> {
      const client = createClient(stack.bffUrl);
      while (streaming) {
        const email = `stream-${(sequence += 1)}@example.com`;
        const reply = await answered(client.post('/api/Member/Register', validRegistration(email)));
        outcomes.push({ email, status: reply.status, body: reply.body });
      }
    }
    const visitors = [visitor(), visitor(), visitor()];
    const ok = () => outcomes.filter((outcome) => (outcome.body as { code?: string }).code === 'ok');

    await until(() => ok().length >= 6, 'registrations are flowing');
    await postgres.restart({ downMs: 500 });
    const beforeRecovery = outcomes.length;
    await until(
      () => outcomes.slice(beforeRecovery).filter((outcome) => (outcome.body as { code?: string }).code === 'ok').length >= 9,
      'registrations succeed again',
    );
    streaming = false;
    await Promise.all(visitors);

    const failed = outcomes.filter((outcome) => (outcome.body as { code?: string }).code !== 'ok');
    t.ok(failed.length > 0, `the restart hit the stream (${failed.length} of ${outcomes.length} refused)`);
    t.same(
      failed.filter((outcome) => !(outcome.status === 502 && JSON.stringify(outcome.body) === JSON.stringify(SERVER_ERROR))),
      [],
      'a registration the database could not take is answered 502 servererror, nothing else',
    );
    t.same(
      outcomes.slice(-3).map((outcome) => (outcome.body as { code?: string }).code),
      ['ok', 'ok', 'ok'],
      'the pool recovered: the last registrations of every visitor went through',
    );

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    t.teardown(() => client.end());
    const stored = new Set((await client.query<{ email: string }>('select email from members')).rows.map((row) => row.email));
    t.same(
      ok()
        .filter((outcome) => !stored.has(outcome.email))
        .map((outcome) => outcome.email),
      [],
      `every registration answered ok is in the database (${ok().length})`,
    );
    for (const { email } of ok()) await waitForMail(stack.dataDir, email);
    t.pass('and every one of them got its activation mail, even those whose first send met the restart');
  },
);
