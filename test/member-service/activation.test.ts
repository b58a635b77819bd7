import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { ACTIVATION_LINK_VALID_SECONDS } from '../../shared/limits.ts';
import { findLink, readOutbox, waitForMail } from '../helpers/outbox.ts';
import { PASSWORD, linkParts, register, startMemberService, type TestService } from './service.ts';

async function latestLink(service: TestService, to: string, count = 1) {
  const mail = await waitForMail(service.dataDir, to, { count });
  return linkParts(findLink(mail, /\/auth\/activate-member\//)!);
}

const activate = (service: TestService, link: { publicId: string; token: string }) =>
  service.call('POST', '/api/Member/Activate', { body: { userId: link.publicId, token: link.token } });

t.test('a link works once; afterwards it says the account is already verified', async (t) => {
  const service = await startMemberService(t);
  await register(service, { source: 'IoTMart-ANA', returnUrl: '' });
  const link = await latestLink(service, 'ada@example.com');
  t.equal(link.pass, 'iotmart-ana', 'the pass travels in the link, lowercased');
  t.same((await activate(service, link)).body, { isSuccess: true, code: 'ok', data: { pass: 'iotmart-ana', socialType: 0 } });
  t.same((await activate(service, link)).body, { isSuccess: false, code: 'Activated' });
});

t.test('wrong, foreign and malformed links are unauthorized', async (t) => {
  const service = await startMemberService(t);
  await register(service);
  await register(service, { email: 'bob@example.com' });
  const ada = await latestLink(service, 'ada@example.com');
  const bob = await latestLink(service, 'bob@example.com');
  t.same(
    (await activate(service, { publicId: ada.publicId, token: bob.token })).body,
    { isSuccess: false, code: 'unauthorized' },
    "another member's token",
  );
  t.same((await activate(service, { publicId: 'no-such-member', token: ada.token })).body, { isSuccess: false, code: 'unauthorized' });
  t.same((await activate(service, { publicId: ada.publicId, token: `${ada.token}x` })).body, { isSuccess: false, code: 'unauthorized' });
  const empty = await activate(service, { publicId: '', token: '' });
  t.equal(empty.status, 400);
  t.equal(
    (await service.call('POST', '/api/Member/Login', { body: { userId: 'ada@example.com', password: service.encode(PASSWORD) } })).body
      .code,
    'mustactivate',
    'still unverified',
  );
});

t.test('an expired link is unauthorized; a new one works', async (t) => {
  const clock = new ManualClock(Date.UTC(2025, 5, 1));
  const service = await startMemberService(t, {}, { clock });
  await register(service);
  const old = await latestLink(service, 'ada@example.com');
  clock.advance(ACTIVATION_LINK_VALID_SECONDS * 1000);
  t.same((await activate(service, old)).body, { isSuccess: false, code: 'unauthorized' }, 'expired at the end of its validity');

  t.same((await service.call('POST', '/api/Member/Reactivate', { body: { userId: 'ada@example.com', checkResend: true } })).body, {
    isSuccess: true,
    code: 'ok',
  });
  const fresh = await latestLink(service, 'ada@example.com', 2);
  clock.advance(ACTIVATION_LINK_VALID_SECONDS * 1000 - 1);
  t.equal((await activate(service, fresh)).body.code, 'ok', 'valid until its last millisecond');
});

t.test('a resend supersedes the older link', async (t) => {
  const service = await startMemberService(t);
  await register(service);
  const first = await latestLink(service, 'ada@example.com');
  await service.call('POST', '/api/Member/Reactivate', { body: { userId: first.publicId, lang: 'ko-kr' } });
  const secondMail = await waitForMail(service.dataDir, 'ada@example.com', { count: 2 });
  t.equal(secondMail.subject, '이메일 주소 인증', 'in the requested language');
  const second = linkParts(findLink(secondMail, /activate-member/)!);
  t.equal(second.lang, 'ko-kr');
  t.not(second.token, first.token);
  t.same((await activate(service, first)).body, { isSuccess: false, code: 'unauthorized' }, 'the older link no longer works');
  t.equal((await activate(service, second)).body.code, 'ok');
});

t.test('Reactivate answers the same for everyone and mails only unverified members', async (t) => {
  const service = await startMemberService(t);
  await register(service);
  await register(service, { email: 'done@example.com' });
  await activate(service, await latestLink(service, 'done@example.com'));

  const replies = await Promise.all(
    ['nobody@example.com', 'done@example.com', 'not-a-public-id', 'ADA@example.com'].map((userId) =>
      service.call('POST', '/api/Member/Reactivate', { body: { userId }, headers: { 'accept-language': 'zh-TW,zh;q=0.9' } }),
    ),
  );
  for (const reply of replies) t.same([reply.status, reply.body], [200, { isSuccess: true, code: 'ok' }]);
  const resent = await waitForMail(service.dataDir, 'ada@example.com', { count: 2 });
  t.equal(resent.subject, '驗證您的電子郵件地址', 'the Accept-Language header picks the language');
  await service.app.close();
  const mails = await readOutbox(service.dataDir);
  t.same(
    mails.map((m) => m.to),
    ['ada@example.com', 'done@example.com', 'ada@example.com'],
    'no mail to unknown or verified addresses',
  );
});
