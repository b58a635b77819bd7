import t from 'tap';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { linkParts, PASSWORD, register, startMemberService } from './service.ts';

t.test('company name: required, except in the iotmart variant', async (t) => {
  const service = await startMemberService(t);
  const missing = await register(service, { email: 'plain@example.com', companyName: '' });
  t.same(missing.body.errors, [{ field: 'companyName', code: 'CompanyNameRequired' }]);
  const iotmart = await register(service, { email: 'iot@example.com', companyName: '', source: 'IoTMart-ANA' });
  t.equal(iotmart.body.code, 'ok', JSON.stringify(iotmart.body.errors));
  const direct = await openMemberStore({ dataDir: service.dataDir });
  t.teardown(() => direct.close());
  t.match(await direct.members.findByEmail('iot@example.com'), { company_name: '', source: 'iotmart-ana' });
});

t.test('Turkey: the data-protection consent is required, the subscribe answer is recorded', async (t) => {
  const service = await startMemberService(t);
  const turkey = { country: 'Türkiye', state: '', telCountryCode: '90', telAreacode: '212', telNo: '3456789', telExt: '' };
  const refused = await register(service, { ...turkey, email: 'tr1@example.com', consents: ['subscribe'] });
  t.same(refused.body.errors, [{ field: 'turkeyPolicyConsent', code: 'QuestionRequired' }]);
  const accepted = await register(service, { ...turkey, email: 'tr2@example.com', consents: ['turkey-policy', 'subscribe'] });
  t.equal(accepted.body.code, 'ok', JSON.stringify(accepted.body.errors));
  const direct = await openMemberStore({ dataDir: service.dataDir });
  t.teardown(() => direct.close());
  const member = await direct.members.findByEmail('tr2@example.com');
  t.same((await direct.consents.list(member!.id)).map((c) => c.consent).sort(), ['subscribe', 'turkey-policy']);
});

t.test('sample numbers: real fixed-line and mobile examples per country or calling code', async (t) => {
  const service = await startMemberService(t);
  const germany = await service.call('GET', '/api/Member/GetSampleNumber/DE');
  t.same(germany.body, { isSuccess: true, code: 'ok', data: { fixed: '+49 30 123456', mobile: '+49 1512 3456789' } });
  const byCallingCode = await service.call('GET', '/api/Member/GetSampleNumber/86');
  t.match(byCallingCode.body.data, { fixed: /^\+86 /, mobile: /^\+86 1\d\d \d{4} \d{4}$/ });
  t.equal((await service.call('GET', '/api/Member/GetSampleNumber/%2B44')).body.data.fixed.startsWith('+44 '), true);
  t.same(
    (await service.call('GET', '/api/Member/GetSampleNumber/AQ')).body,
    { isSuccess: false, code: 'Form_NotExist' },
    'no numbering plan',
  );
  t.same((await service.call('GET', '/api/Member/GetSampleNumber/999')).body, { isSuccess: false, code: 'Form_NotExist' });
  const bad = await service.call('GET', '/api/Member/GetSampleNumber/..%2F..%2Fetc');
  t.equal(bad.status, 400);
});

t.test('preferences: a member token, both lists, known values; then the member is not asked again', async (t) => {
  const service = await startMemberService(t);
  await register(service);
  const link = linkParts(findLink(await waitForMail(service.dataDir, 'ada@example.com'), /activate-member/)!);
  await service.call('POST', '/api/Member/Activate', {
    body: { userId: link.publicId, token: link.token, registrantEmail: 'ada@example.com' },
  });
  const login = await service.call('POST', '/api/Member/Login', {
    body: { userId: 'ada@example.com', password: service.encode(PASSWORD) },
  });
  const token = login.body.data.token as string;
  const choices = { businessApplicationAreas: ['energy.ev-charging'], inProducts: ['networking', 'networking.managed-switches'] };

  t.equal((await service.call('PATCH', '/api/member', { body: choices })).status, 401, 'no token');
  t.equal((await service.call('PATCH', '/api/member', { body: choices, token: 'forged' })).status, 401);
  const refused = await service.call('PATCH', '/api/member', { body: { businessApplicationAreas: ['energy'], inProducts: [] }, token });
  t.same(refused.body.errors, [{ field: 'inProducts', code: 'QuestionRequired' }]);
  const unknown = await service.call('PATCH', '/api/member', { body: { ...choices, businessApplicationAreas: ['../etc'] }, token });
  t.same(unknown.body.errors, [{ field: 'businessApplicationAreas', code: 'Form_NotExist' }]);
  t.equal((await service.call('GET', '/api/member', { token })).body.data.preferring, true, 'refusals changed nothing');

  const saved = await service.call('PATCH', '/api/member', {
    body: { ...choices, inProducts: [...choices.inProducts, 'networking'] },
    token,
  });
  t.equal(saved.body.code, 'ok');
  t.match(saved.body.data, { ...choices, preferring: false }, 'duplicates are dropped');
});
