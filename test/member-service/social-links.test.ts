import t from 'tap';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { databaseEngines } from './engines.ts';
import { linkParts, PASSWORD, register, startMemberService, type TestService } from './service.ts';

async function signedIn(service: TestService, email: string): Promise<string> {
  await register(service, { email, userId: email });
  const { token, publicId } = linkParts(findLink(await waitForMail(service.dataDir, email), /\/auth\/activate-member\//)!);
  await service.call('POST', '/api/Member/Activate', { body: { userId: publicId, token, registrantEmail: email } });
  const login = await service.call('POST', '/api/Member/Login', { body: { userId: email, password: service.encode(PASSWORD) } });
  return login.body.data.token;
}

const connect = (service: TestService, token: string, body: Record<string, unknown>) =>
  service.call('POST', '/api/Member/SocialConnect', { token, body: { isConnect: true, socialEmail: '', socialName: 'Someone', ...body } });
const socialIds = async (service: TestService, token: string) =>
  (await service.call('GET', '/api/Member', { token })).body.data.socialData.map(
    (s: { socialType: number; socialId: string }) => `${s.socialType}:${s.socialId}`,
  );

for (const engine of databaseEngines(t)) {
  t.test(`social links: one identity per member, sign-in by verified id (${engine.name})`, { skip: engine.skip }, async (t) => {
    const service = await startMemberService(t, { databaseUrl: await engine.databaseUrl() });
    const ada = await signedIn(service, 'ada@example.com');
    const grace = await signedIn(service, 'grace@example.com');

    t.equal(
      (await service.call('POST', '/api/Member/SocialConnect', { body: { socialType: 1, socialId: 'g-1', isConnect: true } })).status,
      401,
      'connect needs the member token',
    );
    t.same((await service.call('POST', '/api/Member/GoogleLogin', { body: { id: 'g-1' } })).body, { isSuccess: false, code: 'notfound' });

    t.equal((await connect(service, ada, { socialType: 1, socialId: 'g-1' })).body.code, 'ok');
    t.equal(
      (await connect(service, grace, { socialType: 1, socialId: 'g-1' })).body.code,
      'Form_RepeatMember',
      'an identity belongs to one member',
    );
    t.same(await socialIds(service, grace), []);
    t.equal((await connect(service, ada, { socialType: 1, socialId: 'g-2' })).body.code, 'ok', 'a new Google account replaces the old one');
    t.equal((await connect(service, ada, { socialType: 3, socialId: 'li-1' })).body.code, 'ok');
    t.same(await socialIds(service, ada), ['1:g-2', '3:li-1']);
    t.equal(
      (await connect(service, grace, { socialType: 1, socialId: 'g-1' })).body.code,
      'ok',
      'the released identity can be linked again',
    );

    const login = await service.call('POST', '/api/Member/LinkedinLogin', { body: { id: 'li-1', returnUrl: 'https://shop.example/' } });
    // The same sign-in rules as a password: a member without preferences chooses them first, with a ticket for the site.
    t.match(login.body, {
      isSuccess: true,
      code: 'preferring',
      data: { userId: 'ada@example.com', redirectUrl: 'https://shop.example/', tempId: String },
    });
    t.equal((await service.call('GET', '/api/Member/IsLogin', { token: login.body.data.token })).status, 200, 'the token works');
    t.equal((await service.call('POST', '/api/Member/FbLogin', { body: { id: 'li-1' } })).body.code, 'notfound', 'ids are per provider');

    t.equal(
      (await service.call('POST', '/api/Member/SocialConnect', { token: ada, body: { socialType: 3, isConnect: false } })).body.code,
      'ok',
    );
    t.same(await socialIds(service, ada), ['1:g-2']);
    t.equal((await service.call('POST', '/api/Member/LinkedinLogin', { body: { id: 'li-1' } })).body.code, 'notfound');

    const pending = await register(service, {
      email: 'new@example.com',
      userId: 'new@example.com',
      password: undefined,
      confirmPassword: undefined,
      memberSocial: { socialType: 2, socialId: 'fb-9', socialEmail: 'new@example.com', socialName: 'New' },
    });
    t.equal(pending.body.code, 'ok', 'a social sign-up needs no password');
    t.equal((await service.call('POST', '/api/Member/FbLogin', { body: { id: 'fb-9' } })).body.code, 'mustactivate');
  });
}
