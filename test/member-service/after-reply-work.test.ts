import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import SqliteDatabase from 'better-sqlite3';
import pino from 'pino';
import t from 'tap';
import { MemberStatus } from '../../shared/enums.ts';
import { BackgroundTasks } from '../../server/member-service/background.ts';
import { buildMemberService } from '../../server/member-service/app.ts';
import { loadMemberServiceConfig } from '../../server/member-service/config.ts';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { freePort } from '../helper.ts';
import { newMemberRow } from '../helpers/member-rows.ts';
import { readOutbox } from '../helpers/outbox.ts';
import { startSignInService } from './sign-in-fixtures.ts';

/** The sign-in codes stored for the member, read straight from the SQLite file. */
function codeCount(dataDir: string, memberId: number): number {
  const db = new SqliteDatabase(join(dataDir, 'members.sqlite'), { readonly: true });
  try {
    return (db.prepare('select count(*) as n from otp_codes where member_id = ?').get(memberId) as { n: number }).n;
  } finally {
    db.close();
  }
}

t.test('the code mail is prepared after the reply has gone, and app.background.drain() waits for it', async (t) => {
  const service = await startSignInService(t);
  const ada = await service.activeMember('ada@example.com');
  await service.app.background.drain();

  const reply = await service.call('POST', '/api/Member/SendOtpCode', { body: { userId: 'ada@example.com', otpVerifyType: 1 } });
  t.same(reply.body, { isSuccess: true, code: 'ok', data: { showSendCode: true } });
  t.equal(codeCount(service.dataDir, ada.id), 0, 'when the reply arrives, no code has been made yet');
  await service.app.background.drain();
  t.equal(codeCount(service.dataDir, ada.id), 1, 'drain() returns once the work is done');
  t.match((await readOutbox(service.dataDir)).at(-1), { to: 'ada@example.com', text: /\b\d{6}\b/ }, 'and the mail is out');
});

t.test('a code mail the mail server refuses is logged and stays queued for its retries, not lost', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'member-service-test-'));
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  // Mail to an SMTP port nobody listens on: every mail fails.
  const config = { ...loadMemberServiceConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }), smtpUrl: `smtp://127.0.0.1:${await freePort()}` };
  const app = await buildMemberService(config, { logger: { level: 'info', stream } });
  t.teardown(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  const store = await openMemberStore({ dataDir });
  t.teardown(() => store.close());
  const now = Date.now();
  await store.members.register({
    consents: [],
    member: newMemberRow('ada@example.com', {
      public_id: 'public-id-of-ada-0001',
      password_hash: null,
      status: MemberStatus.Active,
      first_name: 'Ada',
      last_name: 'Lovelace',
      created_at: now,
      updated_at: now,
      password_changed_at: now,
    }),
  });

  const reply = await app.inject({
    method: 'POST',
    url: '/api/Member/SendOtpCode',
    headers: { 'x-service-key': config.serviceKey },
    payload: { userId: 'ada@example.com', otpVerifyType: 1 },
  });
  t.equal(reply.json().code, 'ok', 'the reply does not wait for the mail');
  await app.background.drain();
  const failure = lines.find((line) => line.msg === 'message not delivered; trying again later');
  t.match(
    failure,
    { level: 40, kind: 'sign-in-code', attempts: 1, err: { message: String } },
    'a warning names the message and its attempt',
  );
  const db = new SqliteDatabase(join(dataDir, 'members.sqlite'), { readonly: true });
  t.teardown(() => db.close());
  t.match(
    db.prepare('select kind, state, attempts from outgoing_messages').all(),
    [{ kind: 'sign-in-code', state: 'queued', attempts: 1 }],
    'still queued',
  );
});

t.test('a failure of background work is logged with the name of the work', async (t) => {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const background = new BackgroundTasks(pino({ level: 'info' }, stream));
  background.run('counting sheep', async () => {
    throw new Error('fell asleep');
  });
  await background.drain();
  t.match(lines, [{ level: 50, task: 'counting sheep', msg: 'counting sheep failed', err: { message: 'fell asleep' } }]);
});
