import { sql } from 'kysely';
import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { PURGE_JOB_NAME } from '../../server/member-service/jobs/purge-deleted-members.ts';
import { MEMBER_OWNED_TABLES } from '../../server/member-service/store/member-owned-tables.ts';
import { openDatabase } from '../../server/member-service/store/db.ts';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { databaseEngines } from './engines.ts';
import { PASSWORD, linkParts, register, startMemberService, type TestService } from './service.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { JobRunner, type PeriodicJob } from '../../server/member-service/jobs/runner.ts';
import { openMemberStore, type MemberStore } from '../../server/member-service/store/store.ts';
import { crmSubscriptionId } from '../../server/member-service/crm/subscription-id.ts';

t.test('account deletion', async (t) => {
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
});

t.test('account job runner', async (t) => {
  const HOUR = 3_600_000;
  const logger = pino({ level: 'silent' });

  /** A job that counts its runs and, while `gate` is set, waits for it before finishing. */
  function countingJob(name: string) {
    const state = { runs: 0, gate: undefined as Promise<void> | undefined, started: () => {} };
    const job: PeriodicJob = {
      name,
      intervalMs: HOUR,
      leaseMs: 10 * 60_000,
      async run() {
        state.runs += 1;
        state.started();
        await state.gate;
      },
    };
    return { job, state };
  }

  for (const engine of databaseEngines(t)) {
    t.test(`periodic jobs on ${engine.name}`, { skip: engine.skip }, async (t) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'job-runner-test-'));
      const options = { dataDir, databaseUrl: await engine.databaseUrl() };
      // Two instances of the member service: two stores (connections) on one database.
      const stores: MemberStore[] = [await openMemberStore(options), await openMemberStore(options)];
      t.teardown(async () => {
        for (const store of stores) await store.close();
        await rm(dataDir, { recursive: true, force: true });
      });
      const clock = new ManualClock(Date.UTC(2026, 0, 1));
      const { job, state } = countingJob('count');
      const [a, b] = stores.map((store) => new JobRunner({ store, clock, logger, jobs: [job], pollMs: 0 })) as [JobRunner, JobRunner];

      t.test('while one instance runs a job, the other does not run it', async (t) => {
        let open!: () => void;
        state.gate = new Promise<void>((resolve) => (open = resolve));
        const started = new Promise<void>((resolve) => (state.started = resolve));
        const first = a.runDue();
        await started;
        await b.runDue();
        t.equal(await b.runNow('count'), false, 'a forced run waits for the lease too');
        open();
        await first;
        state.gate = undefined;
        t.equal(state.runs, 1);
      });

      t.test('a finished job is not due again until its interval has passed', async (t) => {
        await Promise.all([a.runDue(), b.runDue()]);
        t.equal(state.runs, 1);
        clock.advance(HOUR - 1);
        await b.runDue();
        t.equal(state.runs, 1);
        clock.advance(1);
        await Promise.all([a.runDue(), b.runDue()]);
        t.equal(state.runs, 2, 'due again: exactly one instance ran it');
      });

      t.test('runNow runs a job whatever its schedule', async (t) => {
        t.equal(await a.runNow('count'), true);
        t.equal(state.runs, 3);
        await t.rejects(a.runNow('no-such-job'), /Unknown job/);
      });

      t.test('a lease left by an instance that died is taken over once it expires', async (t) => {
        clock.advance(HOUR);
        t.ok(await stores[0]!.jobLeases.claim('count', 'dead-instance', clock.now(), clock.now() + 10 * 60_000, { dueOnly: true }));
        await b.runDue();
        t.equal(state.runs, 3, 'the lease is still held');
        clock.advance(10 * 60_000);
        await b.runDue();
        t.equal(state.runs, 4);
      });

      t.test('a failing job releases its lease and is tried again at the next interval', async (t) => {
        let attempts = 0;
        const failing: PeriodicJob = {
          name: 'failing',
          intervalMs: HOUR,
          async run() {
            attempts += 1;
            if (attempts === 1) throw new Error('boom');
          },
        };
        const runner = new JobRunner({ store: stores[1]!, clock, logger, jobs: [failing], pollMs: 0 });
        await t.rejects(runner.runNow('failing'), /boom/);
        await runner.runDue();
        t.equal(attempts, 1, 'not due before the interval');
        clock.advance(HOUR);
        await runner.runDue();
        t.equal(attempts, 2, 'the lease was given back');
      });
    });
  }

  t.test('a database that ran a later-numbered migration first still gets an earlier-numbered one', async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'job-runner-test-'));
    t.teardown(() => rm(dataDir, { recursive: true, force: true }));
    await (await openMemberStore({ dataDir })).close();
    // As if the job-lease migration had arrived after the consent-history one had already run.
    const { db } = openDatabase({ dataDir });
    await db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '0400-job-leases' as never)
      .execute();
    await db.schema.dropTable('job_leases').execute();
    await db.destroy();

    const store = await openMemberStore({ dataDir });
    t.teardown(() => store.close());
    t.ok(await store.jobLeases.claim('again', 'holder', 1, 2, { dueOnly: true }), 'the missing migration ran');
  });
});

t.test('profile', async (t) => {
  async function signedIn(service: TestService, overrides: Record<string, unknown> = {}) {
    await register(service, overrides);
    const link = linkParts(findLink(await waitForMail(service.dataDir, 'ada@example.com'), /activate-member/)!);
    await service.call('POST', '/api/Member/Activate', {
      body: { userId: link.publicId, token: link.token, registrantEmail: 'ada@example.com' },
    });
    const login = await service.call('POST', '/api/Member/Login', {
      body: { userId: 'ada@example.com', password: service.encode(PASSWORD) },
    });
    const token = login.body.data.token as string;
    const profile = (await service.call('GET', '/api/Member', { token })).body.data;
    return { token, profile };
  }

  const preferences = { businessApplicationAreas: ['energy.ev-charging'], inProducts: ['networking'] };

  t.test('invalid updates get field errors and change nothing', async (t) => {
    const service = await startMemberService(t);
    const { token, profile } = await signedIn(service);
    const cases: Array<[string, Record<string, unknown>, Array<{ field: string; code: string }>]> = [
      [
        'no preferences',
        { businessApplicationAreas: [], inProducts: [] },
        [
          { field: 'businessApplicationAreas', code: 'QuestionRequired' },
          { field: 'inProducts', code: 'QuestionRequired' },
        ],
      ],
      ['unknown option', { inProducts: ['networking', 'time-machines'] }, [{ field: 'inProducts', code: 'Form_NotExist' }]],
      ['empty first name', { firstName: '' }, [{ field: 'firstName', code: 'FirstNameRequired' }]],
      ['state of another country', { state: 'Ontario' }, [{ field: 'state', code: 'Form_NotExist' }]],
      ['invalid mobile', { mobileCountryCode: '1', mobile: '123' }, [{ field: 'mobile', code: 'Form_MobileNumber_Invalid' }]],
      ['missing field', { companyName: undefined }, [{ field: 'companyName', code: 'Form_Required' }]],
      ['too long', { lastName: 'x'.repeat(51) }, [{ field: 'lastName', code: 'Form_Length' }]],
    ];
    for (const [name, change, errors] of cases) {
      const reply = await service.call('PUT', '/api/member', { token, body: { ...profile, ...preferences, ...change } });
      t.same([reply.status, reply.body], [400, { isSuccess: false, code: 'FormValidateFail', errors }], name);
    }
    t.same((await service.call('GET', '/api/Member', { token })).body.data, profile, 'the stored profile is unchanged');
    const anonymous = await service.call('PUT', '/api/member', { body: { ...profile, ...preferences } });
    t.same([anonymous.status, anonymous.body.code], [401, 'Unauthorized']);
  });

  t.test('VAT number and address for rma members in Europe', async (t) => {
    const service = await startMemberService(t);
    const { token, profile } = await signedIn(service, { source: 'rma' });
    const german = {
      ...profile,
      ...preferences,
      country: 'Germany',
      state: '',
      telCountryCode: '49',
      telAreacode: '30',
      telNo: '12345678',
    };
    const missing = await service.call('PUT', '/api/member', { token, body: german });
    t.same(missing.body.errors, [
      { field: 'VATNumber', code: 'VATNumberRequired' },
      { field: 'Address', code: 'AddressRequired' },
    ]);
    const tooLong = await service.call('PUT', '/api/member', {
      token,
      body: { ...german, memberExtension: { vatNumber: 'DE'.padEnd(21, '1'), address: 'Berlin' } },
    });
    t.same(tooLong.body.errors, [{ field: 'VATNumber', code: 'LengthErrorVATNumber' }], 'at most 20 characters in Europe');
    const saved = await service.call('PUT', '/api/member', {
      token,
      body: { ...german, memberExtension: { vatNumber: 'DE123456789', address: 'Unter den Linden 1' } },
    });
    t.equal(saved.body.code, 'ok', JSON.stringify(saved.body.errors));
    t.same(saved.body.data.memberExtension, { vatNumber: 'DE123456789', address: 'Unter den Linden 1' });
    t.equal(saved.body.data.source, 'rma');
  });

  t.test('China: fixed-line fields are cleared on save', async (t) => {
    const service = await startMemberService(t);
    const { token, profile } = await signedIn(service);
    const reply = await service.call('PUT', '/api/member', {
      token,
      body: { ...profile, ...preferences, country: 'China', state: 'Shanghai', mobileCountryCode: '86', mobile: '13800138000' },
    });
    t.equal(reply.body.code, 'ok', JSON.stringify(reply.body.errors));
    t.match(reply.body.data, { country: 'China', telNo: '', telAreacode: '', telCountryCode: '', telExt: '', mobile: '13800138000' });
  });
});

t.test('CRM subscription', async (t) => {
  async function activeMember(service: TestService, email: string) {
    await register(service, { email, userId: email, isSubscribe: false, consents: ['global-policy'] });
    const { token, publicId } = linkParts(findLink(await waitForMail(service.dataDir, email), /\/auth\/activate-member\//)!);
    await service.call('POST', '/api/Member/Activate', { body: { userId: publicId, token, registrantEmail: email } });
    return { email, publicId, hashEmail: crmSubscriptionId({ public_id: publicId, email }, service.config.crmHashKey) };
  }

  async function isSubscribed(service: TestService, email: string): Promise<boolean> {
    const login = await service.call('POST', '/api/Member/Login', { body: { userId: email, password: service.encode(PASSWORD) } });
    return (await service.call('GET', '/api/Member', { token: login.body.data.token })).body.data.isSubscribe;
  }

  for (const engine of databaseEngines(t)) {
    t.test(`confirm subscription by hashEmail (${engine.name})`, { skip: engine.skip }, async (t) => {
      const databaseUrl = await engine.databaseUrl();
      const service = await startMemberService(t, { databaseUrl });
      const store = await openMemberStore({ dataDir: service.dataDir, databaseUrl });
      t.teardown(() => store.close());
      const ada = await activeMember(service, 'ada@example.com');
      const grace = await activeMember(service, 'grace@example.com');
      t.match(ada.hashEmail, new RegExp(`^${ada.publicId}\\.[A-Za-z0-9_-]{43}$`));
      t.notMatch(ada.hashEmail, /ada|example/i, 'the link value does not carry the address');
      const adaRow = (await store.members.findByEmail('ada@example.com'))!;
      const consentsBefore = await store.consents.list(adaRow.id);

      const forged = [
        `${ada.publicId}.${grace.hashEmail.split('.')[1]}`,
        `${'x'.repeat(22)}.${ada.hashEmail.split('.')[1]}`,
        'ada@example.com',
        crmSubscriptionId({ public_id: ada.publicId, email: 'ada@example.com' }, 'an outsider guessing the key, long enough'),
      ];
      for (const hashEmail of forged) {
        const policy = await service.call('POST', '/api/Member/UpdateCrmPolicy', { body: { hashEmail, status: '2024-05' } });
        t.same(policy.body, { isSuccess: false, code: 'somethingwrong' }, `refused alike: ${hashEmail.slice(0, 12)}…`);
        const subscribe = await service.call('POST', '/api/Member/UpdateCrmSubscribe', { body: { hashEmail, isSub: true } });
        t.same(subscribe.body, { isSuccess: false, code: 'somethingwrong' });
      }
      t.same(await store.consents.list(adaRow.id), consentsBefore, 'nothing was recorded');
      t.equal(await isSubscribed(service, 'ada@example.com'), false, 'and nobody was subscribed');

      t.equal(
        (await service.call('POST', '/api/Member/UpdateCrmPolicy', { body: { hashEmail: ada.hashEmail, status: 'a b' } })).status,
        400,
      );
      t.equal(
        (await service.call('POST', '/api/Member/UpdateCrmPolicy', { body: { hashEmail: ada.hashEmail, status: '1' }, serviceKey: null }))
          .status,
        403,
      );

      const policy = await service.call('POST', '/api/Member/UpdateCrmPolicy', {
        body: { hashEmail: ada.hashEmail, status: '2024-05', source: 'aures' },
      });
      t.same(policy.body, { isSuccess: true, code: 'ok', data: { email: 'ad***@example.com' } }, 'not subscribed yet: the page asks');
      const recorded = (await store.consents.list(adaRow.id)).filter((row) => row.consent === 'crm-policy');
      t.same(
        recorded.map((row) => row.policy_version),
        ['aures:2024-05'],
      );

      t.same((await service.call('POST', '/api/Member/UpdateCrmSubscribe', { body: { hashEmail: ada.hashEmail, isSub: false } })).body, {
        isSuccess: true,
        code: 'ok',
      });
      t.equal(await isSubscribed(service, 'ada@example.com'), false, 'Skip now changes nothing');
      t.same((await service.call('POST', '/api/Member/UpdateCrmSubscribe', { body: { hashEmail: ada.hashEmail, isSub: true } })).body, {
        isSuccess: true,
        code: 'ok',
      });
      t.equal(await isSubscribed(service, 'ada@example.com'), true);
      t.equal(await isSubscribed(service, 'grace@example.com'), false, 'only the member of the link');

      const again = await service.call('POST', '/api/Member/UpdateCrmPolicy', { body: { hashEmail: ada.hashEmail, status: '2024-05' } });
      t.equal(again.body.code, 'preferring', 'a subscribed member is thanked');
    });
  }
});
