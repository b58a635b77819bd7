import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { findLink, readOutbox, waitForMail } from '../helpers/outbox.ts';
import { databaseEngines } from './engines.ts';
import { linkParts, PASSWORD, register, startMemberService, type TestService } from './service.ts';
import { PASSWORD_REMINDER_JOB, queueDuePasswordReminders } from '../../server/member-service/jobs/password-reminder.ts';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMemberServiceConfig } from '../../server/member-service/config.ts';
import { ARGON2ID_COSTS, passwordHasher } from '../../server/member-service/security/passwords.ts';

t.test('password reset', async (t) => {
  const NEW_PASSWORD = 'Zebra-Lantern42';

  async function activeMember(service: TestService, email: string) {
    await register(service, { email, userId: email });
    const { token, publicId } = linkParts(findLink(await waitForMail(service.dataDir, email), '/auth/activate-member/')!);
    await service.call('POST', '/api/Member/Activate', { body: { userId: publicId, token, registrantEmail: email } });
  }

  async function signIn(service: TestService, email: string, password: string): Promise<string> {
    const reply = await service.call('POST', '/api/Member/Login', { body: { userId: email, password: service.encode(password) } });
    if (!reply.body.data?.token) throw new Error(`no sign-in: ${JSON.stringify(reply.body)}`);
    return reply.body.data.token;
  }

  async function resetLink(service: TestService, email: string, count: number) {
    const url = findLink(await waitForMail(service.dataDir, email, { count }), '/auth/verify-email/')!;
    const [, token, userId] = /\/auth\/verify-email\/([^/]+)\/([^/?#]+)$/.exec(url)!;
    return { url, token: decodeURIComponent(token!), userId: decodeURIComponent(userId!) };
  }

  for (const engine of databaseEngines(t)) {
    t.test(`reset by link and signed-in change (${engine.name})`, { skip: engine.skip }, async (t) => {
      const clock = new ManualClock();
      const service = await startMemberService(t, { databaseUrl: await engine.databaseUrl() }, { clock });
      const email = 'ada@example.com';
      await activeMember(service, email);
      const isLogin = async (token: string) => (await service.call('GET', '/api/Member/IsLogin', { token })).status;

      const forgot = await service.call('POST', '/api/Member/ForgotPwd', {
        body: { userId: 'ADA@example.com', returnUrl: 'https://shop.example/back', lang: 'en' },
      });
      t.same(forgot.body, { isSuccess: true, code: 'ok' });
      const first = await resetLink(service, email, 2);
      t.match(
        first.url,
        /^https:\/\/portal\.example\/en\/auth\/verify-email\/[A-Za-z0-9_-]{43}\/[A-Za-z0-9_-]{22}$/,
        'the configured origin, an opaque id',
      );

      const check = (token: string, userId: string) =>
        service.call('GET', `/api/Member/CheckResetPwdTokenIsExpired/${token}?userId=${userId}`);
      t.same(
        (await check(first.token, first.userId)).body.data,
        { reason: 'forgot', userId: email },
        'and the account, for the portal to lock',
      );
      clock.advance(59 * 60 * 1000);
      t.equal((await check(first.token, first.userId)).body.code, 'ok', 'still valid after 59 minutes');
      clock.advance(60 * 1000);
      t.equal((await check(first.token, first.userId)).body.code, 'ResetLinkExpired', 'expired after one hour');

      await service.call('POST', '/api/Member/ResendResetPwdMail', { body: { userId: first.userId } });
      const second = await resetLink(service, email, 3);
      const tokens = [await signIn(service, email, PASSWORD), await signIn(service, email, PASSWORD)];
      const reset = (password: string, link = second) =>
        service.call('POST', '/api/Member/ResetPwdUnAuth', {
          body: { userId: link.userId, token: link.token, password: service.encode(password) },
        });

      t.same((await reset('lowercase1')).body.errors, [{ field: 'password', code: 'PasswordFormat' }]);
      t.same((await reset('Qwerty123')).body.errors, [{ field: 'password', code: 'PasswordTooCommon' }]);
      t.equal((await reset(PASSWORD)).body.code, 'passwordused');
      t.equal(
        (
          await service.call('POST', '/api/Member/ResetPwdUnAuth', {
            body: { userId: second.userId, token: second.token, password: 'not-encoded!' },
          })
        ).status,
        400,
      );
      t.equal(
        (
          await service.call('POST', '/api/Member/ResetPwdUnAuth', {
            body: { userId: 'another-id', token: second.token, password: service.encode(NEW_PASSWORD) },
          })
        ).body.code,
        'ResetLinkExpired',
      );

      const done = await reset(NEW_PASSWORD);
      t.same(done.body.data, { memberId: done.body.data.memberId, userId: email }, 'no return URL was asked for with this link');
      t.equal((await reset('Another-Lantern43')).body.code, 'ResetLinkExpired', 'single use');
      for (const token of tokens) t.equal(await isLogin(token), 401, 'every session ended');
      t.match((await waitForMail(service.dataDir, email, { count: 4 })).subject, /password was changed/);

      const current = await signIn(service, email, NEW_PASSWORD);
      const other = await signIn(service, email, NEW_PASSWORD);
      await service.call('POST', '/api/Member/ForgotPwd', { body: { userId: email } });
      const open = await resetLink(service, email, 5);
      const change = (currentPassword: string, newPassword: string) =>
        service.call('POST', '/api/Member/ResetPwd', {
          token: current,
          body: { currentPassword: service.encode(currentPassword), newPassword: service.encode(newPassword) },
        });
      t.equal((await change('Wrong-Password9', 'Quartz-Meadow77')).body.code, 'AccountOrPwdFail');
      t.equal((await change(NEW_PASSWORD, NEW_PASSWORD)).body.code, 'passwordused');
      t.same(
        (await service.call('POST', '/api/Member/ValidatePwd', { token: current, body: { password: service.encode('Quartz-Meadow77') } }))
          .body,
        { isSuccess: true, code: 'ok' },
      );
      t.equal((await change(NEW_PASSWORD, 'Quartz-Meadow77')).body.code, 'ok');
      t.equal(await isLogin(current), 200, 'the session that changed it stays');
      t.equal(await isLogin(other), 401, 'the other one ends');
      t.equal((await check(open.token, open.userId)).body.code, 'ResetLinkExpired', 'an open link dies with the change');
      t.equal(
        (await service.call('POST', '/api/Member/ResetPwd', { body: { currentPassword: 'x', newPassword: 'y' } })).status,
        401,
        'only with a member token',
      );
    });
  }

  t.test('who gets a reset mail, and what the reply tells', async (t) => {
    const service = await startMemberService(t);
    await activeMember(service, 'active@example.com');
    await register(service, { email: 'new@example.com', userId: 'new@example.com' });
    const forgot = (userId: string) => service.call('POST', '/api/Member/ForgotPwd', { body: { userId } });

    t.equal((await forgot('nobody@example.com')).body.code, 'notfound');
    t.equal((await forgot('new@example.com')).body.code, 'mustactivate');
    t.same((await forgot('x'.repeat(90) + '@example.com')).body.errors, [{ field: 'userId', code: 'LengthErrorEmail' }]);
    t.same((await service.call('POST', '/api/Member/ResendResetPwdMail', { body: { userId: 'new@example.com' } })).body, {
      isSuccess: true,
      code: 'ok',
    });
    t.same(
      (await service.call('POST', '/api/Member/ResendResetPwdMail', { body: { userId: 'nobody@example.com' } })).body,
      { isSuccess: true, code: 'ok' },
      'the same reply for nobody',
    );
    await service.app.close();
    const toNew = (await readOutbox(service.dataDir)).filter((m) => m.to === 'new@example.com');
    t.equal(toNew.length, 1, 'an unverified member gets only the verification mail');
  });
});

t.test('password reminder', async (t) => {
  const DAY_MS = 24 * 60 * 60 * 1000;

  async function activeMember(service: TestService, email: string, lang = 'en') {
    await register(service, { email, userId: email, lang });
    const { token, publicId } = linkParts(findLink(await waitForMail(service.dataDir, email), '/auth/activate-member/')!);
    await service.call('POST', '/api/Member/Activate', { body: { userId: publicId, token, registrantEmail: email } });
    return publicId;
  }

  /** Runs the reminder job now and waits until the mails it queued have been sent. */
  async function runReminders(service: TestService): Promise<boolean> {
    const ran = await service.app.jobs.runNow(PASSWORD_REMINDER_JOB);
    await service.app.background.drain();
    return ran;
  }

  const remindersIn = async (dataDir: string, email: string) =>
    (await readOutbox(dataDir)).filter((mail) => mail.to === email && findLink(mail, '/notice-password-unchanged/'));

  for (const engine of databaseEngines(t)) {
    t.test(`the member service reminds a year-old password by itself, once (${engine.name})`, { skip: engine.skip }, async (t) => {
      const clock = new ManualClock();
      const service = await startMemberService(t, { databaseUrl: await engine.databaseUrl() }, { clock });
      const email = 'grace@example.com';
      const publicId = await activeMember(service, email, 'ko-kr');
      const young = await activeMember(service, 'young@example.com');

      t.equal(await runReminders(service), true);
      t.equal((await remindersIn(service.dataDir, email)).length, 0, 'nothing while the password is young');

      clock.advance(366 * DAY_MS);
      await runReminders(service);
      const [reminder] = await remindersIn(service.dataDir, email);
      t.ok(reminder, 'the reminder went out when the password turned one year old');
      t.match(reminder!.subject, /비밀번호/, 'in the member language');
      t.ok(findLink(reminder!, `/ko-kr/auth/verify-email/`), 'with a link to change it now');
      t.equal((await remindersIn(service.dataDir, 'young@example.com')).length, 1, 'every due member is reminded');
      t.ok(young);

      await runReminders(service);
      t.equal((await remindersIn(service.dataDir, email)).length, 1, 'not twice for the same password');

      const keep = findLink(reminder!, '/notice-password-unchanged/')!;
      const [, seq, , tempId] = /notice-password-unchanged\/([^/]+)\/([^/]+)\/([^/?#]+)$/.exec(keep)!;
      t.equal(decodeURIComponent(seq!), publicId);
      const kept = await service.call('PUT', '/api/Member/UpdateMemberPwdDate', {
        body: { memberId: publicId, tempId: decodeURIComponent(tempId!) },
      });
      t.same(kept.body, { isSuccess: true, code: 'ok', data: 'https://shop.example/after' }, 'the callback URL comes back');

      clock.advance(200 * DAY_MS);
      await runReminders(service);
      t.equal((await remindersIn(service.dataDir, email)).length, 1, 'keeping the password restarted the clock');
      clock.advance(170 * DAY_MS);
      await runReminders(service);
      t.equal((await remindersIn(service.dataDir, email)).length, 2, 'a year after keeping it, the next reminder');

      const login = await service.call('POST', '/api/Member/Login', { body: { userId: email, password: service.encode(PASSWORD) } });
      t.not(login.body.code, 'AccountOrPwdFail', 'the kept password still signs in');
    });
  }

  t.test('two instances on one database send a due reminder once', { skip: databaseEngines(t)[1]!.skip }, async (t) => {
    const [, postgres] = databaseEngines(t);
    const databaseUrl = await postgres!.databaseUrl();
    const clock = new ManualClock();
    const first = await startMemberService(t, { databaseUrl }, { clock });
    const second = await startMemberService(t, { databaseUrl }, { clock });
    const emails = ['a@example.com', 'b@example.com', 'c@example.com'];
    for (const email of emails) await activeMember(first, email);
    clock.advance(366 * DAY_MS);

    // The job body on both instances at the same moment, without the job lease: the per-member claim alone must hold.
    const instances = await Promise.all(
      [first, second].map(async (service) => {
        const store = await openMemberStore({ dataDir: service.dataDir, databaseUrl });
        t.teardown(() => store.close());
        return { store, messages: service.app.messages };
      }),
    );
    const queued = await Promise.all(instances.map(({ store, messages }) => queueDuePasswordReminders(store, clock, messages)));
    t.equal(queued[0]! + queued[1]!, emails.length, 'one reminder queued per member in all');
    await Promise.all([first.app.background.drain(), second.app.background.drain()]);
    for (const email of emails) {
      const total = (await remindersIn(first.dataDir, email)).length + (await remindersIn(second.dataDir, email)).length;
      t.equal(total, 1, `one reminder for ${email}`);
    }
  });
});

t.test('password hash cost', async (t) => {
  // Tests hash at a test-only cost (test/helpers/hashing.ts); this file proves what production does.

  const dataDir = await mkdtemp(join(tmpdir(), 'hash-cost-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));

  t.test('without PASSWORD_HASH_COST, new hashes are argon2id with the parameters the README gives', async (t) => {
    const readme = await readFile(new URL('../../server/member-service/README.md', import.meta.url), 'utf8');
    const stated = /argon2id hashes \(m=(\d+) KiB, t=(\d+), p=(\d+)\)/.exec(readme);
    t.ok(stated, 'the member-service README states the parameters');
    const [memory, passes, lanes] = stated!.slice(1).map(Number);

    const config = loadMemberServiceConfig({ DATA_DIR: dataDir });
    t.equal(config.passwordHashCost, 'production');
    t.match(ARGON2ID_COSTS.production, { memoryCost: memory, timeCost: passes, parallelism: lanes });
    const stored = await passwordHasher(config.passwordHashCost).hash('Secret123');
    t.match(stored, new RegExp(`^\\$argon2id\\$v=19\\$m=${memory},t=${passes},p=${lanes}\\$`), 'the stored hash carries them');
  });

  t.test('the test-only cost is refused in production', async (t) => {
    t.throws(
      () => loadMemberServiceConfig({ DATA_DIR: dataDir, PASSWORD_HASH_COST: 'test-only', NODE_ENV: 'production' }),
      /^Invalid PASSWORD_HASH_COST/,
    );
    t.throws(() => loadMemberServiceConfig({ DATA_DIR: dataDir, PASSWORD_HASH_COST: 'cheap' }), /^Invalid PASSWORD_HASH_COST/);
    t.equal(loadMemberServiceConfig({ DATA_DIR: dataDir, PASSWORD_HASH_COST: 'test-only' }).passwordHashCost, 'test-only');
  });

  t.test('a hash verifies whatever cost the verifier is set to, since it carries its own parameters', async (t) => {
    const cheap = passwordHasher('test-only');
    const production = passwordHasher('production');
    const stored = await cheap.hash('Secret123');
    t.match(stored, /^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    t.ok(await production.verify(stored, 'Secret123'));
    t.notOk(await production.verify(stored, 'Secret124'));
    t.notOk(await cheap.verify(undefined, 'Secret123'), 'no stored hash never matches');
  });
});

t.test('hashing threads', { skip: process.platform !== 'linux' && 'thread priorities are read from /proc' }, async (t) => {
  /** The nice value of each thread of this process (field 19 of /proc/<pid>/task/<tid>/stat). */
  async function threadNiceValues(): Promise<number[]> {
    const tasks = await readdir(`/proc/${process.pid}/task`);
    const stats = await Promise.all(tasks.map((tid) => readFile(`/proc/${process.pid}/task/${tid}/stat`, 'utf8').catch(() => '')));
    return stats.filter(Boolean).map((stat) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }

  t.test('hash at a lower priority than the request threads, at most one per core, every hash answered', async (t) => {
    const hasher = passwordHasher('test-only');
    t.teardown(() => hasher.close());
    const before = (await threadNiceValues()).filter((nice) => nice > 0).length;
    const stored = await hasher.hash('Secret123');
    const checks = await Promise.all(
      Array.from({ length: availableParallelism() * 3 }, (_, i) => hasher.verify(stored, i % 2 === 0 ? 'Secret123' : 'Secret124')),
    );
    t.same(
      checks,
      checks.map((_, i) => i % 2 === 0),
      'each verification answers for its own password',
    );
    const niced = (await threadNiceValues()).filter((nice) => nice > 0).length - before;
    t.ok(niced >= 1, 'the hashing ran on a thread of lower priority');
    t.ok(niced <= availableParallelism(), `no more hashing threads than cores (${niced})`);
    t.equal((await threadNiceValues())[0], 0, 'the thread serving requests keeps its priority');
  });

  t.test('a stored hash that cannot be read matches nothing', async (t) => {
    const hasher = passwordHasher('test-only');
    t.teardown(() => hasher.close());
    t.equal(await hasher.verify('$argon2id$not-a-hash', 'Secret123'), false);
  });
});
