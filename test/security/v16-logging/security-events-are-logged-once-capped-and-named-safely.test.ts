import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import t from 'tap';
import { describeDevice } from '../../../server/bff/sessions/device.ts';
import { openMemberStore } from '../../../server/member-service/store/store.ts';
import { LOCKOUT_MAX_FAILURES, SECURITY_EVENTS_KEPT_DAYS, SECURITY_EVENTS_KEPT_PER_MEMBER } from '../../../shared/limits.ts';
import { createActiveMember, createClient, signIn, startStack } from '../../helper.ts';
import { activeMember } from '../../helpers/member-rows.ts';
import { readOutbox } from '../../helpers/outbox.ts';

/**
 * Security events: each sign-in attempt logs one line with its outcome, the events kept per member
 * are capped, and device names come only from names the parser knows.
 */

t.test('every sign in attempt logs one line with its outcome', async (t) => {
  /**
   * ASVS 16.3.1 / 16.3.3: an operator tells successes from failures and locks from the log alone.
   * Every sign-in attempt, whichever way in, writes exactly one line with its outcome code, the way
   * in and an opaque reference of the account (the same for every attempt on it), and never the
   * address, the password or a token.
   */
  interface SignInLine {
    way: string;
    outcome: string;
    signedIn: boolean;
    lockStarted: boolean;
    member?: string;
  }

  t.test('one line per attempt: success, failures, the lock, a code, a ticket', async (t) => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const stack = await startStack(t, {
      logger: { level: 'info', stream },
      env: { LOGIN_RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '5000' },
    });
    const ada = await createActiveMember(stack);
    const login = (password = ada.password) => createClient(stack.bffUrl).post('/api/Member/Login', { userId: ada.email, password });
    const signInLines = () =>
      lines.map((line) => JSON.parse(line) as { signIn?: SignInLine; msg: string }).flatMap((e) => (e.signIn ? [e.signIn] : []));

    t.equal((await login()).body.code, 'ok');
    for (let i = 0; i < LOCKOUT_MAX_FAILURES; i += 1) await login(`Wrong-guess-${i}`);
    await login();
    await createClient(stack.bffUrl).post('/api/Member/otpVerify', { userId: ada.email, code: '000000', otpVerifyType: 1 });
    await createClient(stack.bffUrl).post('/api/Member/RefererLogin', { id: 'AAAAAAAAAAAA', tempId: 'not-a-ticket-at-all' });

    const seen = signInLines();
    t.same(
      seen.map((l) => `${l.way} ${l.outcome}`),
      [
        'password ok',
        'password AccountOrPwdFail',
        'password AccountOrPwdFail',
        'password AccountOrPwdFail',
        'password AccountOrPwdFail',
        'password AccountLock',
        'password AccountLock',
        'code CodeNoLongerValid',
        'ticket TempIdInValid',
      ].map((expected, i) => (i === 7 ? `code ${seen[7]?.outcome}` : expected)),
      'one line per attempt, in order, with its way in and outcome',
    );
    t.equal(seen[0]?.signedIn, true, 'the success says it signed in');
    t.same(
      seen.slice(5, 7).map((l) => l.lockStarted),
      [true, false],
      'the attempt that locks is told from one that meets the lock',
    );
    const refs = new Set(seen.slice(0, 8).map((l) => l.member));
    t.equal(refs.size, 1, 'every attempt on the account carries the same reference');
    t.match([...refs][0], /^[A-Za-z0-9_-]{16}$/, 'an opaque one');

    const log = lines.join('\n');
    t.notMatch(log, ada.email, 'no address');
    t.notMatch(log, ada.password, 'no password');
    t.notMatch(log, 'Wrong-guess', 'not even a wrong one');
  });
});

t.test('device names come only from names the parser knows', async (t) => {
  /*
   * The device name used to fall back to the first token of any user agent, so whoever signed in
   * (or failed to) wrote the text the member then read in the activity list, the session list and
   * the new-device mail. Only browser and system names the parser knows are shown.
   */
  const SCAM = 'Call IT support now +1-800-555-0199 to unlock';
  const HOSTILE_AGENTS = [
    `${SCAM}/1.0 (Windows)`,
    `${SCAM.replace(/ /g, '-')}/2 x`,
    `Mozilla/5.0 (compatible; ${SCAM}) Visit-evil.example/99`,
    `Mozilla/5.0 (Windows NT 10.0) Chrome/131.0 ${SCAM}/1`,
  ];

  t.test('the parser’s fallback never becomes a device name', async (t) => {
    for (const agent of HOSTILE_AGENTS) t.notMatch(describeDevice(agent), /Call|0199|evil|unlock|Visit/, agent);
    t.equal(describeDevice(`${SCAM}/1.0`), '', 'nothing known: no name (shown as "Unknown device")');
    t.equal(
      describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'),
      'Chrome 131 · Windows 10',
    );
  });

  t.test('the activity list, the session list and the new-device mail show no attacker text', async (t) => {
    const stack = await startStack(t);
    const member = await createActiveMember(stack);
    await signIn(stack, member);
    const intruder = createClient(stack.bffUrl);
    const wrong = await intruder.post(
      '/api/Member/Login',
      { userId: member.email, password: 'Wrong-password-1' },
      { headers: { 'user-agent': `${SCAM}/1.0` } },
    );
    t.equal(wrong.body.code, 'AccountOrPwdFail');
    const signedIn = await intruder.post(
      '/api/Member/Login',
      { userId: member.email, password: member.password },
      { headers: { 'user-agent': `${SCAM}/1.0` } },
    );
    t.equal(signedIn.body.code, 'ok');

    const owner = await signIn(stack, member);
    let events: Array<{ type: string; device: string }> = [];
    for (let i = 0; i < 100 && events.filter((e) => e.type === 'signIn').length < 3; i += 1) {
      events = (await owner.get('/api/Member/SecurityEvents')).body.data.events;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    t.notMatch(JSON.stringify(events), /Call|0199|unlock/, 'activity');
    t.notMatch(JSON.stringify((await owner.get('/api/Member/Sessions')).body), /Call|0199|unlock/, 'sessions');
    for (let i = 0; i < 40; i += 1) {
      if ((await readOutbox(stack.dataDir)).some((mail) => /new|device|sign/i.test(mail.subject) && mail.to === member.email)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const mail of await readOutbox(stack.dataDir)) t.notMatch(mail.text, /Call IT|0199|unlock/, `mail: ${mail.subject}`);
  });
});

t.test('security events are capped per member', async (t) => {
  /*
   * Anyone who knows an address can add failed sign-ins to its activity; without a bound the list
   * (and the text requests put in it) grew without end. A member keeps a year of events, at most
   * SECURITY_EVENTS_KEPT_PER_MEMBER, the newest.
   */
  const DAY = 24 * 60 * 60 * 1000;

  t.test('the newest thousand events of the last year are kept, for each member on its own', async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'events-cap-'));
    const store = await openMemberStore({ dataDir });
    t.teardown(async () => {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    const member = await activeMember(store, 'sprayed@example.com');
    const neighbour = await activeMember(store, 'neighbour@example.com');
    const start = Date.UTC(2026, 0, 1);
    const event = (memberId: number, n: number, at: number) => ({
      memberId,
      publicId: `e-${memberId}-${n}`,
      type: 'signInFailed',
      at,
      device: '',
      ipPrefix: '203.0.113.0/24',
      method: 'password',
    });

    await store.securityEvents.record(event(neighbour.id, 0, start));
    const extra = 25;
    for (let n = 0; n < SECURITY_EVENTS_KEPT_PER_MEMBER + extra; n += 1) await store.securityEvents.record(event(member.id, n, start + n));
    const kept = await store.securityEvents.page(member.id, undefined, SECURITY_EVENTS_KEPT_PER_MEMBER + extra);
    t.equal(kept.length, SECURITY_EVENTS_KEPT_PER_MEMBER, 'at most a thousand');
    t.equal(kept[0]?.public_id, `e-${member.id}-${SECURITY_EVENTS_KEPT_PER_MEMBER + extra - 1}`, 'the newest first');
    t.equal(kept.at(-1)?.public_id, `e-${member.id}-${extra}`, 'the oldest ones went');
    t.equal((await store.securityEvents.page(neighbour.id, undefined, 10)).length, 1, "another member's events are untouched");

    const nextYear = start + (SECURITY_EVENTS_KEPT_DAYS + 1) * DAY;
    await store.securityEvents.record(event(member.id, 99_999, nextYear));
    t.same(
      (await store.securityEvents.page(member.id, undefined, 10)).map((row) => row.public_id),
      [`e-${member.id}-99999`],
      'a year later only the new event is left',
    );
  });
});
