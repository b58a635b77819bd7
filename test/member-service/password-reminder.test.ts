import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { PASSWORD_REMINDER_JOB, queueDuePasswordReminders } from '../../server/member-service/jobs/password-reminder.ts';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { findLink, readOutbox, waitForMail } from '../helpers/outbox.ts';
import { databaseEngines } from './engines.ts';
import { linkParts, PASSWORD, register, startMemberService, type TestService } from './service.ts';

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
