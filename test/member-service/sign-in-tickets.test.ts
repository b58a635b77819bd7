import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { databaseEngines } from './engines.ts';
import { startSignInService, type SignInService } from './sign-in-fixtures.ts';

const check = (service: SignInService, body: Record<string, unknown>) => service.call('POST', '/api/Member/CheckGoToProfile', { body });
const referer = (service: SignInService, body: Record<string, unknown>) => service.call('POST', '/api/Member/RefererLogin', { body });

async function signedInWithTicket(service: SignInService, email: string) {
  const member = await service.activeMember(email);
  await service.setMember(email, { preferring: 0 });
  const login = await service.login(email, undefined, 'https://shop.example/back');
  return { member, login: login.body.data as { id: string; tempId: string; token: string } };
}

for (const engine of databaseEngines(t)) {
  t.test(`a sign-in ticket is redeemed once, by the member it belongs to (${engine.name})`, { skip: engine.skip }, async (t) => {
    const service = await startSignInService(t, { databaseUrl: await engine.databaseUrl() });
    const { member, login } = await signedInWithTicket(service, 'ada@example.com');
    t.equal(login.id, member.publicId, 'id is the public id');

    t.same(
      (await check(service, { memberId: 'someone-else', tempId: login.tempId })).body,
      { isSuccess: false, code: 'TempIdInValid' },
      'another member id',
    );
    t.same(
      (await check(service, { memberId: login.id, userId: 'other@example.com', tempId: login.tempId })).body.code,
      'TempIdInValid',
      'another user id',
    );
    const redeemed = await check(service, { memberId: login.id, userId: 'ada@example.com', tempId: login.tempId });
    t.equal(redeemed.body.code, 'ok', 'the failed tries did not use it up');
    t.match(redeemed.body.data, { memberId: member.publicId, userId: 'ada@example.com', firstName: 'Ada', tempId: /^[A-Za-z0-9_-]{43}$/ });
    t.same(
      (await check(service, { memberId: login.id, tempId: login.tempId })).body,
      { isSuccess: false, code: 'TempIdInValid' },
      'a second use fails',
    );

    const parallel = await service.login('ada@example.com', undefined, 'https://shop.example/back');
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () => check(service, { memberId: login.id, tempId: parallel.body.data.tempId })),
    );
    t.equal(attempts.filter((a) => a.body.code === 'ok').length, 1, 'of parallel uses exactly one succeeds');

    const back = redeemed.body.data.tempId as string;
    t.same(
      (await check(service, { memberId: login.id, tempId: back })).body.code,
      'TempIdInValid',
      'a referer ticket is no sign-in ticket',
    );
    const again = await referer(service, { id: login.id, tempId: back });
    t.equal(again.body.code, 'ok', 'the referer ticket signs the member in');
    t.ok(again.body.data.token);
    t.equal((await referer(service, { id: login.id, tempId: back })).body.code, 'TempIdInValid', 'once');
  });
}

t.test('tickets are short-lived and die with the sign-in session', async (t) => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const service = await startSignInService(t, {}, clock);
  const { login } = await signedInWithTicket(service, 'grace@example.com');
  clock.advance(5 * 60 * 1000);
  t.equal((await check(service, { memberId: login.id, tempId: login.tempId })).body.code, 'TempIdInValid', 'expired after five minutes');

  const fresh = (await service.login('grace@example.com', undefined, 'https://shop.example/back')).body.data;
  await service.call('GET', '/api/Member/Logout', { token: fresh.token });
  t.equal((await check(service, { memberId: fresh.id, tempId: fresh.tempId })).body.code, 'TempIdInValid', 'after signing out');
  t.equal((await check(service, { memberId: fresh.id, tempId: 'x'.repeat(300) })).status, 400, 'an oversized ticket is refused as input');
});
