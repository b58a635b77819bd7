import t from 'tap';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { createActiveMember, createClient, signIn, startStack } from '../helper.ts';
import { latestCodeTo, textMessagesTo } from '../helpers/text-messages.ts';

const NUMBER = '+4915123456789';

t.test('My account proves the mobile number: signed-in members only, one code per send window', async (t) => {
  const stack = await startStack(t, {
    env: { OTP_RATE_LIMIT_PER_MINUTE: '1000', LOGIN_RATE_LIMIT_PER_MINUTE: '1000', REGISTER_RATE_LIMIT_PER_MINUTE: '1000' },
  });
  const ada = await createActiveMember(stack);
  const browser = await signIn(stack, ada);

  t.equal((await createClient(stack.bffUrl).post('/api/Member/SendPhoneProofCode', {})).status, 401, 'not signed in');
  t.equal(
    (await browser.post('/api/Member/SendPhoneProofCode', {}, { headers: { 'x-requested-with': undefined } })).status,
    403,
    'the CSRF guard applies',
  );
  t.same(await textMessagesTo(stack.dataDir, NUMBER), []);

  const sent = await browser.post('/api/Member/SendPhoneProofCode', { lang: 'es-es' });
  t.same(sent.body, { isSuccess: true, code: 'ok', data: { lastThreeDigits: '789', remainingSeconds: 180 } });
  t.match((await textMessagesTo(stack.dataDir, NUMBER))[0]?.text, /verificar este número de móvil/, 'in the language asked for');
  const again = await browser.post('/api/Member/SendPhoneProofCode', {});
  t.equal(again.status, 429, 'one code per send window');
  t.equal(again.body.code, 'TooManyRequests');
  t.ok(Number(again.headers.get('retry-after')) > 170, 'with the seconds left');

  const code = await latestCodeTo(stack.dataDir, NUMBER);
  t.equal(
    (await browser.post('/api/Member/ConfirmPhoneProof', { code: code === '000000' ? '111111' : '000000' })).body.code,
    'unauthorized',
  );
  t.same((await browser.post('/api/Member/ConfirmPhoneProof', { code: ` ${code} ` })).body, {
    isSuccess: true,
    code: 'ok',
    data: { mobileVerified: true },
  });
  t.equal((await browser.get('/api/member')).body.data.mobileVerified, true);
  t.equal(
    (await browser.post('/api/Member/SendOtpCode', { userId: ada.email, otpVerifyType: 2 })).body.data.lastThreeDigits,
    '789',
    'sign-in codes now go there (the digits shown to a browser the member signed in from)',
  );

  const grace = await createActiveMember(stack);
  const store = await openMemberStore({ dataDir: stack.dataDir });
  t.teardown(() => store.close());
  await store.members.update((await store.members.findByEmail(grace.email))!.id, { mobile: '', mobile_country_code: '' });
  const graceBrowser = await signIn(stack, grace);
  for (const attempt of [1, 2]) {
    const refused = await graceBrowser.post('/api/Member/SendPhoneProofCode', {});
    t.equal(refused.status, 400, `no mobile number: refused (attempt ${attempt}, the window is not used up)`);
    t.same(refused.body.errors, [{ field: 'mobile', code: 'MobileNumberRequired' }]);
  }
});
