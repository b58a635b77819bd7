import t from 'tap';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { PASSWORD, linkParts, register, startMemberService, type TestService } from './service.ts';

async function signedIn(service: TestService, overrides: Record<string, unknown> = {}) {
  await register(service, overrides);
  const link = linkParts(findLink(await waitForMail(service.dataDir, 'ada@example.com'), /activate-member/)!);
  await service.call('POST', '/api/Member/Activate', {
    body: { userId: link.publicId, token: link.token, registrantEmail: 'ada@example.com' },
  });
  const login = await service.call('POST', '/api/Member/Login', {
    body: { userId: 'ada@example.com', password: service.encode(PASSWORD) },
  });
  const token = login.body.data.token as string;
  const profile = (await service.call('GET', '/api/Member', { token })).body.data;
  return { token, profile };
}

const preferences = { businessApplicationAreas: ['energy.ev-charging'], inProducts: ['networking'] };

t.test('invalid updates get field errors and change nothing', async (t) => {
  const service = await startMemberService(t);
  const { token, profile } = await signedIn(service);
  const cases: Array<[string, Record<string, unknown>, Array<{ field: string; code: string }>]> = [
    [
      'no preferences',
      { businessApplicationAreas: [], inProducts: [] },
      [
        { field: 'businessApplicationAreas', code: 'QuestionRequired' },
        { field: 'inProducts', code: 'QuestionRequired' },
      ],
    ],
    ['unknown option', { inProducts: ['networking', 'time-machines'] }, [{ field: 'inProducts', code: 'Form_NotExist' }]],
    ['empty first name', { firstName: '' }, [{ field: 'firstName', code: 'FirstNameRequired' }]],
    ['state of another country', { state: 'Ontario' }, [{ field: 'state', code: 'Form_NotExist' }]],
    ['invalid mobile', { mobileCountryCode: '1', mobile: '123' }, [{ field: 'mobile', code: 'Form_MobileNumber_Invalid' }]],
    ['missing field', { companyName: undefined }, [{ field: 'companyName', code: 'Form_Required' }]],
    ['too long', { lastName: 'x'.repeat(51) }, [{ field: 'lastName', code: 'Form_Length' }]],
  ];
  for (const [name, change, errors] of cases) {
    const reply = await service.call('PUT', '/api/member', { token, body: { ...profile, ...preferences, ...change } });
    t.same([reply.status, reply.body], [400, { isSuccess: false, code: 'FormValidateFail', errors }], name);
  }
  t.same((await service.call('GET', '/api/Member', { token })).body.data, profile, 'the stored profile is unchanged');
  const anonymous = await service.call('PUT', '/api/member', { body: { ...profile, ...preferences } });
  t.same([anonymous.status, anonymous.body.code], [401, 'Unauthorized']);
});

t.test('VAT number and address for rma members in Europe', async (t) => {
  const service = await startMemberService(t);
  const { token, profile } = await signedIn(service, { source: 'rma' });
  const german = { ...profile, ...preferences, country: 'Germany', state: '', telCountryCode: '49', telAreacode: '30', telNo: '12345678' };
  const missing = await service.call('PUT', '/api/member', { token, body: german });
  t.same(missing.body.errors, [
    { field: 'VATNumber', code: 'VATNumberRequired' },
    { field: 'Address', code: 'AddressRequired' },
  ]);
  const tooLong = await service.call('PUT', '/api/member', {
    token,
    body: { ...german, memberExtension: { vatNumber: 'DE'.padEnd(21, '1'), address: 'Berlin' } },
  });
  t.same(tooLong.body.errors, [{ field: 'VATNumber', code: 'LengthErrorVATNumber' }], 'at most 20 characters in Europe');
  const saved = await service.call('PUT', '/api/member', {
    token,
    body: { ...german, memberExtension: { vatNumber: 'DE123456789', address: 'Unter den Linden 1' } },
  });
  t.equal(saved.body.code, 'ok', JSON.stringify(saved.body.errors));
  t.same(saved.body.data.memberExtension, { vatNumber: 'DE123456789', address: 'Unter den Linden 1' });
  t.equal(saved.body.data.source, 'rma');
});

t.test('China: fixed-line fields are cleared on save', async (t) => {
  const service = await startMemberService(t);
  const { token, profile } = await signedIn(service);
  const reply = await service.call('PUT', '/api/member', {
    token,
    body: { ...profile, ...preferences, country: 'China', state: 'Shanghai', mobileCountryCode: '86', mobile: '13800138000' },
  });
  t.equal(reply.body.code, 'ok', JSON.stringify(reply.body.errors));
  t.match(reply.body.data, { country: 'China', telNo: '', telAreacode: '', telCountryCode: '', telExt: '', mobile: '13800138000' });
});
