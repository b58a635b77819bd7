import { sql } from 'kysely';
import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { PURGE_JOB_NAME } from '../../server/member-service/jobs/purge-deleted-members.ts';
import { MEMBER_OWNED_TABLES } from '../../server/member-service/store/member-owned-tables.ts';
import { openDatabase } from '../../server/member-service/store/db.ts';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { databaseEngines } from './engines.ts';
import { PASSWORD, linkParts, register, startMemberService, type TestService } from './service.ts';

const DAY = 24 * 60 * 60 * 1000;

async function activeMember(service: TestService, email: string, overrides: Record<string, unknown> = {}) {
  await register(service, { email, userId: email, ...overrides });
  const link = linkParts(findLink(await waitForMail(service.dataDir, email), /activate-member/)!);
  await service.call('POST', '/api/Member/Activate', { body: { userId: link.publicId, token: link.token, registrantEmail: email } });
  return signIn(service, email);
}

async function signIn(service: TestService, email: string) {
  const login = await service.call('POST', '/api/Member/Login', { body: { userId: email, password: service.encode(PASSWORD) } });
  return { code: login.body.code, token: login.body.data?.token as string, memberId: login.body.data?.memberId as number };
}

for (const engine of databaseEngines(t)) {
  t.test(`deletion, restore and purge on ${engine.name}`, { skip: engine.skip }, async (t) => {
    const clock = new ManualClock(Date.UTC(2026, 2, 1, 12));
    const databaseUrl = await engine.databaseUrl();
    const service = await startMemberService(t, { databaseUrl, jobPollSeconds: 0 }, { clock });
    const { db } = openDatabase({ dataDir: service.dataDir, databaseUrl });
    t.teardown(() => db.destroy());
    const rowsOf = async (memberId: number) => {
      const counts: Record<string, number> = {};
      for (const table of ['members', ...MEMBER_OWNED_TABLES]) {
        const column = table === 'members' ? 'id' : 'member_id';
        const result = await sql<{
          n: number;
        }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${memberId}`.execute(db);
        counts[table] = Number(result.rows[0]?.n ?? 0);
      }
      return counts;
    };

    const leaving = await activeMember(service, 'leaving@example.com', { lang: 'ja-jp' });
    const staying = await activeMember(service, 'staying@example.com');
    await service.call('PUT', '/api/Member/UpdateMemberSubscribe', { token: leaving.token, body: { isSubscribe: false } });

    t.test('delete puts the account in pending deletion for 30 days and mails the date', async (t) => {
      const reply = await service.call('DELETE', '/api/member', { token: leaving.token, body: {} });
      t.equal(reply.body.code, 'ok');
      t.equal(reply.body.data.myAccountDeleteDate, new Date(clock.now() + 30 * DAY).toISOString());
      const mail = await waitForMail(service.dataDir, 'leaving@example.com', { count: 2 });
      t.match(mail.subject, '2026年3月31日', 'the date in the member’s language');
      t.ok(findLink(mail, /\/ja-jp\/login$/), 'where to sign in to restore');
      clock.advance(60 * 60 * 1000);
      const again = await service.call('POST', '/api/Member/ApplyDeleteTag', { token: leaving.token });
      t.equal(again.body.data.myAccountDeleteDate, reply.body.data.myAccountDeleteDate, 'asking again keeps the first date');
    });

    t.test('a member in pending deletion signs in and restores; asking again starts a new period', async (t) => {
      const signedIn = await signIn(service, 'leaving@example.com');
      t.equal(signedIn.code, 'ok');
      const restored = await service.call('POST', '/api/Member/ApplyRestoreTag', { token: signedIn.token });
      t.same([restored.body.code, restored.body.data.myAccountDeleteDate], ['ok', null]);
      const deleted = await service.call('POST', '/api/Member/ApplyDeleteTag', { token: signedIn.token });
      t.equal(deleted.body.data.myAccountDeleteDate, new Date(clock.now() + 30 * DAY).toISOString());
    });

    t.test('the purge job deletes the account and everything tied to it once the date has passed', async (t) => {
      const before = await rowsOf(leaving.memberId);
      t.ok(
        before.members === 1 &&
          before.member_tokens! >= 2 &&
          before.consents! >= 1 &&
          before.consent_events! >= 1 &&
          before.activation_tokens! >= 1,
      );
      clock.advance(30 * DAY - 1);
      t.equal(await service.app.jobs.runNow(PURGE_JOB_NAME), true);
      t.equal((await rowsOf(leaving.memberId)).members, 1, 'not before the date');
      clock.advance(1);
      await service.app.jobs.runNow(PURGE_JOB_NAME);
      t.same(
        Object.values(await rowsOf(leaving.memberId)),
        Object.values(before).map(() => 0),
        'no row of the member is left',
      );
      t.equal((await signIn(service, 'leaving@example.com')).code, 'AccountOrPwdFail');
      const old = await service.call('GET', '/api/Member', { token: leaving.token });
      t.equal(old.status, 401, 'its tokens are gone');
      t.equal((await rowsOf(staying.memberId)).members, 1, 'other members stay');
      t.equal((await signIn(service, 'staying@example.com')).code, 'ok');
    });

    t.test('two instances purging at the same moment: one runs, the account goes once', async (t) => {
      const second = await startMemberService(t, { databaseUrl, dataDir: service.dataDir, jobPollSeconds: 0 }, { clock });
      const twin = await activeMember(service, 'twin@example.com');
      await service.call('POST', '/api/Member/ApplyDeleteTag', { token: twin.token });
      clock.advance(30 * DAY);
      const ran = await Promise.all([service.app.jobs.runNow(PURGE_JOB_NAME), second.app.jobs.runNow(PURGE_JOB_NAME)]);
      t.equal(ran.filter(Boolean).length >= 1, true);
      t.equal((await rowsOf(twin.memberId)).members, 0);
      t.equal(await second.app.jobs.runNow(PURGE_JOB_NAME), true, 'and the lease is free again');
    });

    t.test('every table with a member_id column is purged', async (t) => {
      const tables = await db.introspection.getTables();
      const owned = tables.filter((table) => table.columns.some((column) => column.name === 'member_id')).map((table) => table.name);
      t.same(
        owned.filter((name) => !(MEMBER_OWNED_TABLES as readonly string[]).includes(name)),
        [],
        'list new member tables in store/member-owned-tables.ts',
      );
    });

    t.test('employees cannot delete their account', async (t) => {
      const employee = await activeMember(service, 'emp@example.com');
      await db.updateTable('members').set({ is_emp: 1 }).where('id', '=', employee.memberId).execute();
      const reply = await service.call('DELETE', '/api/member', { token: employee.token, body: {} });
      t.same([reply.body.isSuccess, reply.body.code], [false, 'Forbidden']);
      t.equal((await service.call('GET', '/api/Member', { token: employee.token })).body.data.myAccountDeleteDate, null);
    });
  });
}
