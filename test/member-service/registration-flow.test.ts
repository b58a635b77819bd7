import t from 'tap';
import { findLink, waitForMail, readOutbox } from '../helpers/outbox.ts';
import { databaseEngines } from './engines.ts';
import { PASSWORD, linkParts, register, startMemberService, type TestService } from './service.ts';
import { ManualClock } from '../../server/common/clock.ts';
import { ACTIVATION_LINK_VALID_SECONDS } from '../../shared/limits.ts';

t.test('registration flow', async (t) => {
  for (const engine of databaseEngines(t)) {
    t.test(`register, verify, sign in, profile, sign out (${engine.name})`, { skip: engine.skip }, async (t) => {
      const service = await startMemberService(t, { databaseUrl: await engine.databaseUrl() });

      const registered = await register(service, { email: 'Ada@Example.com', lang: 'es-es' });
      t.equal(registered.status, 200);
      t.same(registered.body, { isSuccess: true, code: 'ok', data: { memberId: registered.body.data.memberId } });

      const beforeActivation = await service.call('POST', '/api/Member/Login', {
        body: { userId: 'ada@example.com', password: service.encode(PASSWORD) },
      });
      t.equal(beforeActivation.body.code, 'mustactivate', 'the right password of an unverified member');

      const mail = await waitForMail(service.dataDir, 'ada@example.com');
      t.equal(mail.subject, 'Verifique su dirección de correo electrónico', 'the mail is in the member language');
      t.match(mail.text, /^Le damos la bienvenida:$/m, 'an address not yet proven is greeted without the name typed at registration');
      const link = findLink(mail, /\/auth\/activate-member\//);
      t.ok(link, 'the mail carries the activation link');
      t.match(link!, /^https:\/\/portal\.example\/es-es\/auth\/activate-member\/[A-Za-z0-9_-]{43}\/[A-Za-z0-9_-]{22}\/-$/);
      t.ok(findLink({ ...mail, text: '' }, link!), 'the HTML part links to it too');
      const { token, publicId } = linkParts(link!);
      t.notMatch(publicId, /ada|example/i, 'the link does not carry the e-mail address');

      const activated = await service.call('POST', '/api/Member/Activate', {
        body: { userId: publicId, token, registrantEmail: 'ada@example.com' },
      });
      t.same(activated.body, { isSuccess: true, code: 'ok', data: { returnUrl: 'https://shop.example/after', socialType: 0 } });

      const login = await service.call('POST', '/api/Member/Login', {
        body: { userId: 'ADA@example.com ', password: service.encode(PASSWORD), returnUrl: 'https://shop.example/after' },
      });
      t.equal(login.body.code, 'preferring', 'a new member going back to a site is first asked for preferences');
      t.match(login.body.data, {
        userId: 'ada@example.com',
        memberId: registered.body.data.memberId,
        status: 1,
        redirectUrl: 'https://shop.example/after',
      });
      t.match(login.body.data.token, /^[A-Za-z0-9_-]{43}$/);
      t.ok(Date.parse(login.body.data.tokenExpiresAt) > Date.now(), 'the token expiry lies ahead');
      const memberToken = login.body.data.token as string;

      t.same((await service.call('GET', '/api/Member/IsLogin', { token: memberToken })).body, {
        isSuccess: true,
        code: 'ok',
        data: { isLogin: true },
      });

      const profile = await service.call('GET', '/api/Member', { token: memberToken });
      t.equal(profile.body.code, 'ok');
      t.match(profile.body.data, {
        email: 'ada@example.com',
        userId: 'ada@example.com',
        status: 1,
        isSubscribe: true,
        isEmp: false,
        preferring: true,
        firstName: 'Ada',
        country: 'United States',
        state: 'California',
        telCountryCode: '1',
        telAreacode: '415',
        telNo: '5550123',
        telExt: '12',
        mobile: '',
        businessApplicationAreas: [],
        inProducts: [],
        memberExtension: { vatNumber: '', address: '' },
        socialData: [],
        myAccountDeleteDate: null,
      });
      t.ok(profile.body.data.LastPwdModifiedDate, 'the password date is known');
      t.same((await service.call('GET', '/api/member', { token: memberToken })).body, profile.body, 'both spellings of the path');

      const update = {
        ...profile.body.data,
        firstName: 'Augusta Ada',
        companyName: 'Difference Engines',
        country: 'Canada',
        state: 'Ontario',
        telCountryCode: '1',
        telAreacode: '416',
        telNo: '5550199',
        mobileCountryCode: '1',
        mobile: '4165550123',
        businessApplicationAreas: ['factory-automation', 'factory-automation.robotics'],
        inProducts: ['edge-ai.inference-systems'],
        email: 'mallory@example.com',
        status: 5,
        memberId: 999,
      };
      const updated = await service.call('PUT', '/api/member', { token: memberToken, body: update });
      t.equal(updated.status, 200, JSON.stringify(updated.body.errors));
      t.match(updated.body.data, {
        firstName: 'Augusta Ada',
        country: 'Canada',
        state: 'Ontario',
        mobile: '4165550123',
        businessApplicationAreas: ['factory-automation', 'factory-automation.robotics'],
        inProducts: ['edge-ai.inference-systems'],
        preferring: false,
        email: 'ada@example.com',
        status: 1,
        memberId: registered.body.data.memberId,
      });
      t.same((await service.call('GET', '/api/Member', { token: memberToken })).body.data, updated.body.data, 'the update is stored');

      t.same((await service.call('GET', '/api/Member/Logout', { token: memberToken })).body, { isSuccess: true, code: 'ok' });
      for (const [method, path] of [
        ['GET', '/api/Member/IsLogin'],
        ['GET', '/api/Member'],
        ['GET', '/api/Member/Logout'],
      ] as const) {
        const after = await service.call(method, path, { token: memberToken });
        t.same([after.status, after.body], [401, { isSuccess: false, code: 'Unauthorized' }], `${path} after sign-out`);
      }
    });
  }
});

t.test('activation', async (t) => {
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
});
