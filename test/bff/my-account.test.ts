import t from 'tap';
import { createActiveMember, createClient, signIn, startStack, validRegistration, activationLinkFor, TEST_PASSWORD } from '../helper.ts';

const preferences = { businessApplicationAreas: ['energy.ev-charging'], inProducts: ['networking'] };

/** What the My Profile form sends: the loaded member merged with the form values. */
async function loaded(client: ReturnType<typeof createClient>) {
  const reply = await client.get('/api/member');
  return reply.body.data as Record<string, any>;
}

t.test('profile updates through the portal: the rules, China, rma in Europe, and what cannot change', async (t) => {
  const stack = await startStack(t);
  const ada = await createActiveMember(stack);
  const bob = await createActiveMember(stack);
  const client = await signIn(stack, ada);
  const other = await signIn(stack, bob);
  const bobBefore = await loaded(other);
  const adaBefore = await loaded(client);

  t.test('invalid values are refused with field errors and change nothing', async (t) => {
    const refused = await client.put('/api/member', { ...adaBefore, ...preferences, firstName: '', mobile: '12', mobileCountryCode: '49' });
    t.equal(refused.status, 400);
    t.equal(refused.body.code, 'FormValidateFail');
    t.same(refused.body.errors.map((e: { field: string }) => e.field).sort(), ['firstName', 'mobile']);
    t.same(await loaded(client), adaBefore);
  });

  t.test('e-mail, status, ids and deletion date cannot be changed through PUT', async (t) => {
    const reply = await client.put('/api/member', {
      ...adaBefore,
      ...preferences,
      firstName: 'Augusta',
      email: bob.email,
      userId: bob.email,
      memberId: bobBefore.memberId,
      status: 5,
      isEmp: true,
      isSubscribe: true,
      source: 'rma',
      myAccountDeleteDate: '2020-01-01T00:00:00.000Z',
      LastPwdModifiedDate: '2020-01-01T00:00:00.000Z',
    });
    t.equal(reply.body.code, 'ok', reply.text);
    const after = await loaded(client);
    t.match(after, {
      firstName: 'Augusta',
      email: ada.email,
      userId: ada.email,
      memberId: adaBefore.memberId,
      status: 1,
      isEmp: false,
      source: '',
    });
    t.same(
      [after.isSubscribe, after.myAccountDeleteDate, after.LastPwdModifiedDate],
      [adaBefore.isSubscribe, null, adaBefore.LastPwdModifiedDate],
    );
    t.same(await loaded(other), bobBefore, 'the other member is untouched');
  });

  t.test('China keeps the mobile only: the fixed-line fields are cleared', async (t) => {
    const reply = await client.put('/api/member', {
      ...(await loaded(client)),
      ...preferences,
      country: 'China',
      state: 'Shanghai',
      telCountryCode: '86',
      telAreacode: '21',
      telNo: '12345678',
      telExt: '9',
      mobileCountryCode: '86',
      mobile: '13800138000',
    });
    t.equal(reply.body.code, 'ok', reply.text);
    t.match(await loaded(client), {
      country: 'China',
      state: 'Shanghai',
      telCountryCode: '',
      telAreacode: '',
      telNo: '',
      telExt: '',
      mobile: '13800138000',
    });
    const short = await client.put('/api/member', { ...(await loaded(client)), ...preferences, mobile: '1380013800' });
    t.same(short.body.errors, [{ field: 'mobile', code: 'MobileNumber11digits' }]);
    const noState = await client.put('/api/member', { ...(await loaded(client)), ...preferences, state: '' });
    t.same(noState.body.errors, [{ field: 'state', code: 'StateRequired' }]);
  });

  t.test('without a session nothing is read or changed; without the marker header nothing is changed', async (t) => {
    const anonymous = createClient(stack.bffUrl);
    t.equal((await anonymous.get('/api/member')).status, 401);
    t.equal((await anonymous.put('/api/member', { ...adaBefore, ...preferences })).status, 401);
    const forged = await client.put(
      '/api/member',
      { ...adaBefore, ...preferences, firstName: 'Mallory' },
      { headers: { 'x-requested-with': undefined } },
    );
    t.equal(forged.status, 403);
    t.not((await loaded(client)).firstName, 'Mallory');
  });
});

t.test('rma members in Europe keep a VAT number and an address', async (t) => {
  const stack = await startStack(t);
  const email = 'rma@example.com';
  const browser = createClient(stack.bffUrl);
  const registered = await browser.post(
    '/api/Member/Register',
    validRegistration(email, { source: 'rma', VATNumber: 'DE123456789', Address: 'Unter den Linden 1' }),
  );
  t.equal(registered.body.code, 'ok', registered.text);
  const link = await activationLinkFor(stack.dataDir, email);
  await browser.post('/api/Member/Activate', { userId: link!.userId, token: link!.token });
  const client = await signIn(stack, { email, password: TEST_PASSWORD });
  const member = await loaded(client);
  t.same([member.source, member.memberExtension], ['rma', { vatNumber: 'DE123456789', address: 'Unter den Linden 1' }]);

  const missing = await client.put('/api/member', { ...member, ...preferences, memberExtension: { vatNumber: '', address: '' } });
  t.same(missing.body.errors, [
    { field: 'VATNumber', code: 'VATNumberRequired' },
    { field: 'Address', code: 'AddressRequired' },
  ]);
  const tooLong = await client.put('/api/member', {
    ...member,
    ...preferences,
    memberExtension: { vatNumber: 'DE'.padEnd(21, '1'), address: 'Berlin' },
  });
  t.same(tooLong.body.errors, [{ field: 'VATNumber', code: 'LengthErrorVATNumber' }]);
  const saved = await client.put('/api/member', { ...member, ...preferences, memberExtension: { vatNumber: 'DE999', address: 'Berlin' } });
  t.equal(saved.body.code, 'ok', saved.text);
  t.same((await loaded(client)).memberExtension, { vatNumber: 'DE999', address: 'Berlin' });

  const american = await client.put('/api/member', {
    ...(await loaded(client)),
    ...preferences,
    country: 'United States',
    state: 'California',
    mobileCountryCode: '1',
    mobile: '2015550123',
    memberExtension: { vatNumber: '', address: '' },
  });
  t.equal(american.body.code, 'ok', 'outside Europe neither is required');
});
