import t from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { openMemberStore } from '../../../server/member-service/store/store.ts';
import { createActiveMember, createClient, startStack, validRegistration } from '../../helper.ts';
import { readOutbox } from '../../helpers/outbox.ts';
import { readTextMessages } from '../../helpers/text-messages.ts';

/**
 * SMS and mail pumping (ASVS V6): a registration nobody activated gets no codes at all, and each
 * phone number and each address has an hourly budget of messages however many accounts name it
 * and however many addresses ask, on top of the per-IP limits.
 */
const NUMBER = '+4915123456789';
const UNLIMITED_PER_IP = {
  LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
  OTP_RATE_LIMIT_PER_MINUTE: '1000',
  REGISTER_RATE_LIMIT_PER_MINUTE: '1000',
  RATE_LIMIT_PER_MINUTE: '5000',
};
const HOUR = 60 * 60 * 1000;

t.test('a registration nobody activated gets no code, by text or mail, and the reply is that of an unknown account', async (t) => {
  const stack = await startStack(t, { env: UNLIMITED_PER_IP });
  const visitor = createClient(stack.bffUrl);
  t.equal((await visitor.post('/api/Member/Register', validRegistration('pending@example.com'))).body.code, 'ok');
  const store = await openMemberStore({ dataDir: stack.dataDir });
  t.teardown(() => store.close());
  // Even a number marked proven gets nothing while the address is not.
  const pending = (await store.members.findByEmail('pending@example.com'))!;
  await store.members.update(pending.id, { proven_mobile: NUMBER });

  // Phone first: a refused phone request leaves the portal's send window for the account open.
  for (const otpVerifyType of [2, 1]) {
    const forPending = await createClient(stack.bffUrl).post('/api/Member/SendOtpCode', { userId: 'pending@example.com', otpVerifyType });
    const forNobody = await createClient(stack.bffUrl).post('/api/Member/SendOtpCode', { userId: 'nobody@example.com', otpVerifyType });
    t.same(forPending.body, forNobody.body, `the same reply as for an unknown account (delivery ${otpVerifyType})`);
  }
  await stack.apps.memberService.background.drain();
  t.same(await readTextMessages(stack.dataDir), [], 'no text message');
  t.same(
    (await readOutbox(stack.dataDir)).map((mail) => mail.subject),
    ['Verify your e-mail address'],
    'no code mail, only the verification mail of the registration',
  );
});

t.test('one number on many accounts gets SMS_PER_NUMBER_PER_HOUR texts an hour, not that many per account', async (t) => {
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 9, 30));
  const stack = await startStack(t, { clock, env: UNLIMITED_PER_IP });
  const store = await openMemberStore({ dataDir: stack.dataDir });
  t.teardown(() => store.close());
  const accounts: string[] = [];
  for (let i = 0; i < 7; i += 1) {
    const { email } = await createActiveMember(stack);
    const row = (await store.members.findByEmail(email))!;
    await store.members.update(row.id, { proven_mobile: NUMBER });
    accounts.push(email);
  }

  const ask = (email: string) => createClient(stack.bffUrl).post('/api/Member/SendOtpCode', { userId: email, otpVerifyType: 2 });
  const replies = [];
  for (const email of accounts) replies.push((await ask(email)).body.code);
  t.same(replies, ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'], 'the reply does not tell whether the text went');
  await stack.apps.memberService.background.drain();
  t.equal((await readTextMessages(stack.dataDir)).length, 5, 'five texts went out (the default)');
  const codeMails = (await readOutbox(stack.dataDir)).filter((mail) => /code/i.test(mail.subject)).map((mail) => mail.to);
  t.same(codeMails, accounts.slice(5), 'then the code goes by e-mail');

  clock.advance(HOUR);
  t.equal((await ask(accounts[6]!)).body.code, 'ok', 'the next hour has a budget of its own');
});

t.test('SMS_PER_NUMBER_PER_HOUR is configurable', async (t) => {
  const stack = await startStack(t, { env: UNLIMITED_PER_IP, memberService: { smsPerNumberPerHour: 1 } });
  const store = await openMemberStore({ dataDir: stack.dataDir });
  t.teardown(() => store.close());
  const codes = [];
  for (let i = 0; i < 2; i += 1) {
    const { email } = await createActiveMember(stack);
    await store.members.update((await store.members.findByEmail(email))!.id, { proven_mobile: NUMBER });
    codes.push((await createClient(stack.bffUrl).post('/api/Member/SendOtpCode', { userId: email, otpVerifyType: 2 })).body.code);
  }
  t.same(codes, ['ok', 'ok']);
  await stack.apps.memberService.background.drain();
  t.equal((await readTextMessages(stack.dataDir)).length, 1, 'one text an hour to the number');
});

t.test('verification mails: VERIFICATION_MAIL_PER_ADDRESS_PER_HOUR per address, whether asked for by address or by link id', async (t) => {
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 9, 0));
  const stack = await startStack(t, { clock, env: UNLIMITED_PER_IP });
  const visitor = createClient(stack.bffUrl);
  t.equal((await visitor.post('/api/Member/Register', validRegistration('pending@example.com'))).body.code, 'ok');
  const store = await openMemberStore({ dataDir: stack.dataDir });
  t.teardown(() => store.close());
  const publicId = (await store.members.findByEmail('pending@example.com'))!.public_id;

  for (let i = 0; i < 8; i += 1) {
    // Past the portal's resend countdown each time, and alternating the two names of the account.
    clock.advance(181_000);
    const reply = await createClient(stack.bffUrl).post('/api/Member/Reactivate', {
      userId: i % 2 === 0 ? 'pending@example.com' : publicId,
    });
    t.equal(reply.body.code, 'ok', `resend ${i + 1} answers ok`);
    // Each mail out before the next is asked for: a newer request replaces a verification mail still queued.
    await stack.apps.memberService.background.drain();
  }
  await stack.apps.memberService.background.drain();
  const mails = (await readOutbox(stack.dataDir)).filter((mail) => mail.to === 'pending@example.com');
  t.equal(mails.length, 1 + 5, 'the registration mail and five resends (the default) within the hour');

  clock.advance(HOUR);
  await createClient(stack.bffUrl).post('/api/Member/Reactivate', { userId: 'pending@example.com' });
  await stack.apps.memberService.background.drain();
  t.equal(
    (await readOutbox(stack.dataDir)).filter((mail) => mail.to === 'pending@example.com').length,
    7,
    'the next hour has a budget of its own',
  );
});
