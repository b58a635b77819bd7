import t from 'tap';
import { crmSubscriptionId } from '../../server/member-service/crm/subscription-id.ts';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { databaseEngines } from './engines.ts';
import { linkParts, PASSWORD, register, startMemberService, type TestService } from './service.ts';

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

    t.equal((await service.call('POST', '/api/Member/UpdateCrmPolicy', { body: { hashEmail: ada.hashEmail, status: 'a b' } })).status, 400);
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
