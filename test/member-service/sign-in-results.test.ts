import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { startSignInService } from './sign-in-fixtures.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

t.test('every sign-in result code comes from the member data', async (t) => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const service = await startSignInService(t, { companyDomains: ['corp.example'] }, clock);
  const email = 'ada@example.com';
  await service.activeMember(email);

  const plain = await service.login(email);
  t.equal(plain.body.code, 'ok', 'an active member without a return URL');
  t.equal(plain.body.isSuccess, true);
  t.notOk(plain.body.data.tempId, 'no ticket without a site to go to');

  const back = await service.login(email, undefined, 'https://shop.example/cart');
  t.equal(back.body.code, 'preferring', 'a member who has not chosen preferences, going back to a site');
  t.ok(back.body.data.token, 'preferring signs in');
  t.match(back.body.data, { redirectUrl: 'https://shop.example/cart', id: /^[A-Za-z0-9_-]{10,}$/, tempId: /^[A-Za-z0-9_-]{43}$/ });

  await service.setMember(email, { preferring: 0 });
  const withTicket = await service.login(email, undefined, 'https://shop.example/cart');
  t.equal(withTicket.body.code, 'ok');
  t.notSame(withTicket.body.data.tempId, back.body.data.tempId, 'every sign-in gets its own ticket');

  await service.setMember(email, { status: 2, password_changed_at: null });
  const initial = await service.login(email);
  t.equal(initial.body.code, 'defaultpwd', 'status 2 with the initial password');
  t.ok(initial.body.data.token, 'signed in so that the password can be changed');
  t.equal(initial.body.data.status, 2);

  await service.setMember(email, { status: 2, password_changed_at: clock.now() });
  t.equal((await service.login(email)).body.code, 'mustchange', 'status 2 after an earlier change');
  await service.setMember(email, { status: 3 });
  t.equal((await service.login(email)).body.code, 'expired', 'status 3');

  await service.setMember(email, { status: 1, password_changed_at: clock.now() - YEAR_MS - 1000 });
  const old = await service.login(email);
  t.same(old.body, { isSuccess: false, code: 'OneYearNotUpdatePwd', data: { userId: email } }, 'a password older than a year: no session');

  await service.setMember(email, { status: 4, password_changed_at: clock.now() });
  t.same((await service.login(email)).body, { isSuccess: false, code: 'unauthorized' }, 'inactive');
  await service.setMember(email, { status: 0 });
  t.same((await service.login(email)).body, { isSuccess: false, code: 'mustactivate' }, 'e-mail not verified');
  t.same(
    (await service.login(email, 'Wrong1234')).body,
    { isSuccess: false, code: 'AccountOrPwdFail' },
    'a wrong password tells nothing about the state',
  );
});

t.test('company addresses get ContactHR whether or not the account exists, employees sign in', async (t) => {
  const service = await startSignInService(t, { companyDomains: ['corp.example'] });
  const unknown = await service.login('nobody@corp.example');
  t.same(unknown.body, { isSuccess: false, code: 'ContactHR' });
  await service.activeMember('staff@example.com');
  await service.setMember('staff@example.com', { email: 'staff@corp.example' });
  t.same((await service.login('staff@corp.example')).body, unknown.body, 'a member who is not an employee');
  await service.setMember('staff@corp.example', { is_emp: 1 });
  t.same((await service.login('staff@corp.example', 'Wrong1234')).body, unknown.body, 'an employee with a wrong password');
  t.equal((await service.login('staff@corp.example')).body.code, 'ok', 'an employee with the right password');
});
