import t, { type Test } from 'tap';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { readOutbox, findLink, waitForMail } from '../helpers/outbox.ts';
import { encoded, linkParts, register, registration, startMemberService, type TestService, PASSWORD } from './service.ts';

t.test('registration rules', async (t) => {
  /** Follows ada@example.com's activation link, as the browser that registered. */
  async function activate(service: TestService) {
    const link = linkParts(findLink(await waitForMail(service.dataDir, 'ada@example.com'), /activate-member/)!);
    await service.call('POST', '/api/Member/Activate', {
      body: { userId: link.publicId, token: link.token, registrantEmail: 'ada@example.com' },
    });
  }

  /** Nothing was stored: the address is still free and no mail went out. */
  async function nothingChanged(t: Test, service: TestService, email: string) {
    const exists = await service.call('POST', '/api/Member/IsExist', { body: { email } });
    t.same(exists.body.data, { isExist: false }, `${email} is still free`);
    await service.app.background.drain();
    t.same(await readOutbox(service.dataDir), [], 'no mail was sent');
  }

  t.test('IsExist', async (t) => {
    const service = await startMemberService(t, { companyDomains: ['corp.example', 'group.example'] });
    t.same((await service.call('POST', '/api/Member/IsExist', { body: { email: 'nobody@example.com' } })).body, {
      isSuccess: true,
      code: 'ok',
      data: { isExist: false },
    });
    await register(service);
    t.same(
      (await service.call('POST', '/api/Member/IsExist', { body: { email: 'ada@example.com' } })).body.data,
      { isExist: false },
      'a registration nobody activated does not hold the address',
    );
    await activate(service);
    t.same(
      (await service.call('POST', '/api/Member/IsExist', { body: { email: ' ADA@example.COM' } })).body.data,
      { isExist: true },
      'case and spaces do not matter',
    );
    for (const email of ['hr@corp.example', 'someone@EU.Group.example']) {
      t.same((await service.call('POST', '/api/Member/IsExist', { body: { email } })).body, { isSuccess: false, code: 'ContactHR' }, email);
    }
    const bad = await service.call('POST', '/api/Member/IsExist', { body: { email: 'not-an-address' } });
    t.same(
      [bad.status, bad.body],
      [400, { isSuccess: false, code: 'FormValidateFail', errors: [{ field: 'email', code: 'EmailFormat' }] }],
    );
  });

  t.test('a second registration of an activated address is refused and changes nothing', async (t) => {
    const service = await startMemberService(t);
    t.equal((await register(service)).body.code, 'ok');
    await activate(service);
    const again = await register(service, {
      email: 'ADA@example.com',
      firstName: 'Eve',
      password: 'Other123!',
      confirmPassword: 'Other123!',
    });
    t.same(again.body, { isSuccess: false, code: 'EmailExists' });
    await service.app.background.drain();
    t.equal((await readOutbox(service.dataDir)).length, 1, 'only the first registration sent a mail');
    // (Re-registering an address nobody activated replaces it: test/security/v6-authentication.)
    const stored = await service.app.inject({
      method: 'POST',
      url: '/api/Member/Login',
      headers: { 'x-service-key': service.config.serviceKey },
      payload: { userId: 'ada@example.com', password: service.encode('Other123!') },
    });
    t.equal(stored.json().code, 'AccountOrPwdFail', 'the password of the refused registration does not work');
  });

  t.test('company domains cannot register', async (t) => {
    const service = await startMemberService(t);
    const reply = await register(service, { email: 'staff@corp.example' });
    t.same(reply.body, { isSuccess: false, code: 'ContactHR' });
    await service.app.background.drain();
    t.same(await readOutbox(service.dataDir), []);
  });

  t.test('invalid registrations get field errors and change nothing', async (t) => {
    const service = await startMemberService(t);
    const cases: Array<[string, Record<string, unknown>, Array<{ field: string; code: string }>]> = [
      [
        'missing names',
        { firstName: ' ', lastName: '' },
        [
          { field: 'firstName', code: 'FirstNameRequired' },
          { field: 'lastName', code: 'LastNameRequired' },
        ],
      ],
      ['weak password', { password: 'password', confirmPassword: 'password' }, [{ field: 'password', code: 'PasswordFormat' }]],
      ['common password', { password: 'Password1', confirmPassword: 'Password1' }, [{ field: 'password', code: 'PasswordTooCommon' }]],
      ['passwords differ', { confirmPassword: 'Secret123?' }, [{ field: 'confirmPassword', code: 'PasswordDoesntMatch' }]],
      ['bad e-mail', { email: 'ada@', userId: 'ada@' }, [{ field: 'email', code: 'EmailFormat' }]],
      ['unknown country', { country: 'Atlantis', state: '' }, [{ field: 'country', code: 'Form_NotExist' }]],
      ['state required', { state: '' }, [{ field: 'state', code: 'StateRequired' }]],
      ['unknown state', { state: 'Gondor' }, [{ field: 'state', code: 'Form_NotExist' }]],
      [
        'no phone at all',
        { telNo: '', telAreacode: '', mobile: '' },
        [
          { field: 'telNo', code: 'ChooseNumberFillout' },
          { field: 'mobile', code: 'MobileNumberRequired' },
        ],
      ],
      ['phone not in the numbering plan', { telAreacode: '999', telNo: '1234567' }, [{ field: 'telNo', code: 'Form_PhoneNumber_Invalid' }]],
      ['letters in the phone number', { telNo: '555-0123' }, [{ field: 'telNo', code: 'PhoneNumberNotCorrect' }]],
      [
        'fixed line given as mobile',
        { telNo: '', telAreacode: '', mobileCountryCode: '44', mobile: '2079460000', country: 'United Kingdom', state: '' },
        [{ field: 'mobile', code: 'Form_MobileNumber_Invalid' }],
      ],
      ['global policy declined', { consents: ['subscribe'] }, [{ field: 'isGlobalAgreePolicy', code: 'GlobalPolicyChooseNo' }]],
      [
        'Korea needs both consents',
        { country: 'South Korea', state: '', telCountryCode: '82', telAreacode: '2', telNo: '21234567', consents: ['korea-terms'] },
        [{ field: 'koreaPersonalDataConsent', code: 'QuestionRequired' }],
      ],
      [
        'Japan needs its policy',
        { country: 'Japan', state: 'Tokyo', telCountryCode: '81', telAreacode: '3', telNo: '12345678', consents: ['global-policy'] },
        [{ field: 'japanPolicyConsent', code: 'QuestionRequired' }],
      ],
      [
        'China mobile has 11 digits',
        { country: 'China', state: 'Beijing', mobileCountryCode: '86', mobile: '1380013800' },
        [{ field: 'mobile', code: 'MobileNumber11digits' }],
      ],
      [
        'Europe with rma needs VAT and address',
        { country: 'Germany', state: '', source: 'RMA', telCountryCode: '49', telAreacode: '30', telNo: '12345678' },
        [
          { field: 'VATNumber', code: 'VATNumberRequired' },
          { field: 'Address', code: 'AddressRequired' },
        ],
      ],
      ['too long', { firstName: 'x'.repeat(41) }, [{ field: 'firstName', code: 'Form_Length' }]],
      ['unknown consent', { consents: ['global-policy', 'sell-my-data'] }, [{ field: 'consents.1', code: 'Form_Format' }]],
      ['wrong type', { isSubscribe: 'yes' }, [{ field: 'isSubscribe', code: 'Form_Format' }]],
    ];
    for (const [name, overrides, errors] of cases) {
      const email = `case-${cases.findIndex((c) => c[0] === name)}@example.com`;
      const reply = await register(service, { ...overrides, email: (overrides.email as string) ?? email });
      t.equal(reply.status, 400, name);
      t.equal(reply.body.code, 'FormValidateFail', name);
      t.same(reply.body.errors, errors, name);
      t.notMatch(JSON.stringify(reply.body), /at \w+ \(|node_modules|\.ts:\d+/, `${name}: no stack trace`);
    }
    const undecodable = await service.call('POST', '/api/Member/Register', {
      body: {
        ...encoded(service, registration({ email: 'garbled@example.com' })),
        password: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      },
    });
    t.equal(undecodable.status, 400, 'a password that does not decode');
    t.same(undecodable.body.errors?.[0], { field: 'password', code: 'PasswordFormat' });
    const plain = await service.call('POST', '/api/Member/Register', {
      body: { ...encoded(service, registration({ email: 'plain@example.com' })), password: 'Secret 123!' },
    });
    t.same(plain.body.errors, [{ field: 'password', code: 'Form_Format' }], 'a password that is not in the encoded form');
    const notJson = await service.app.inject({
      method: 'POST',
      url: '/api/Member/Register',
      headers: { 'x-service-key': service.config.serviceKey, 'content-type': 'application/json' },
      payload: '{"firstName": ',
    });
    t.same([notJson.statusCode, notJson.json()], [400, { isSuccess: false, code: 'FormValidateFail' }], 'unreadable JSON');
    await nothingChanged(t, service, 'case-0@example.com');
    await nothingChanged(t, service, 'garbled@example.com');
    await nothingChanged(t, service, 'plain@example.com');
  });

  t.test('every field of the payload is stored, consents are recorded', async (t) => {
    const service = await startMemberService(t);
    const reply = await register(service, {
      email: 'hans@example.de',
      country: 'Germany',
      state: '',
      source: 'rma',
      telCountryCode: '+49',
      telAreacode: '030',
      telNo: '12345678',
      telExt: '7',
      mobileCountryCode: '49',
      mobile: '015123456789',
      isSubscribe: false,
      consents: ['global-policy', 'subscribe'],
      lang: 'de',
      memberExtension: {
        vatNumber: 'DE123456789',
        address: 'Unter den Linden 1, Berlin',
        registerPurpose: 'rma',
        referer: 'https://rma.example',
        utmSource: 'a',
        utmMedium: 'b',
        utmCampaign: 'c',
      },
    });
    t.equal(reply.body.code, 'ok', JSON.stringify(reply.body.errors));
    const direct = await openMemberStore({ dataDir: service.dataDir });
    t.teardown(() => direct.close());
    const row = await direct.members.findByEmail('hans@example.de');
    t.match(row, {
      status: 0,
      source: 'rma',
      country: 'Germany',
      tel_country_code: '+49',
      tel_areacode: '030',
      tel_no: '12345678',
      tel_ext: '7',
      mobile: '015123456789',
      vat_number: 'DE123456789',
      address: 'Unter den Linden 1, Berlin',
      register_purpose: 'rma',
      referer: 'https://rma.example',
      utm_source: 'a',
      utm_medium: 'b',
      utm_campaign: 'c',
      return_url: 'https://shop.example/after',
      is_subscribe: 0,
      lang: 'en',
    });
    t.match(row!.password_hash, /^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/, 'only an argon2id hash is stored');
    t.notMatch(row!.password_hash, /Secret123/);
    const consents = await direct.consents.list(row!.id);
    t.same(
      consents.map((c) => c.consent),
      ['global-policy'],
      'subscribe follows isSubscribe: false',
    );
    t.ok(consents.every((c) => c.policy_version !== '' && c.given_at === row!.created_at));
  });

  t.test('China: mobile only, the fixed-line fields are dropped', async (t) => {
    const service = await startMemberService(t);
    const reply = await register(service, {
      email: 'li@example.cn',
      country: 'China',
      state: 'Beijing',
      mobileCountryCode: '86',
      mobile: '13800138000',
      telNo: '5550123',
      consents: ['global-policy'],
    });
    t.equal(reply.body.code, 'ok', JSON.stringify(reply.body.errors));
    const direct = await openMemberStore({ dataDir: service.dataDir });
    t.teardown(() => direct.close());
    t.match(await direct.members.findByEmail('li@example.cn'), {
      tel_no: '',
      tel_areacode: '',
      tel_country_code: '',
      mobile: '13800138000',
    });
  });

  t.test('a social sign-up needs no password and is linked', async (t) => {
    const service = await startMemberService(t);
    const social = { socialType: 3, socialId: 'li-42', socialEmail: 'sam@example.org', socialName: 'Sam Doe' };
    const reply = await register(service, {
      email: 'sam@example.org',
      password: undefined,
      confirmPassword: undefined,
      memberSocial: social,
    });
    t.equal(reply.body.code, 'ok', JSON.stringify(reply.body.errors));
    const again = await register(service, {
      email: 'other@example.org',
      password: undefined,
      confirmPassword: undefined,
      memberSocial: social,
    });
    t.same(again.body, { isSuccess: false, code: 'Form_RepeatMember' }, 'one social account, one member');
    const login = await service.call('POST', '/api/Member/Login', {
      body: { userId: 'sam@example.org', password: service.encode('Anything123') },
    });
    t.equal(login.body.code, 'AccountOrPwdFail', 'no password sign-in without a password');
  });
});

t.test('registration variants', async (t) => {
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
});
