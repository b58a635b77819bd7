import t from 'tap';
import { databaseEngines } from './engines.ts';
import { GERMAN_MOBILE, startSignInService, textMessages, type SignInService } from './sign-in-fixtures.ts';

const codeOf = (sms: string | undefined) => /\b(\d{6})\b/.exec(sms ?? '')?.[1] ?? '';

async function signedIn(service: SignInService, email: string) {
  await service.activeMember(email, GERMAN_MOBILE);
  const token: string = (await service.login(email)).body.data.token;
  const as = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => service.call(method, url, { token, body });
  return {
    token,
    sendProof: (lang = 'en') => as('POST', '/api/Member/SendPhoneProofCode', { lang }),
    confirm: (code: string) => as('POST', '/api/Member/ConfirmPhoneProof', { code }),
    member: async () => (await as('GET', '/api/Member')).body.data,
    update: async (changes: Record<string, unknown>) => {
      const {
        memberId: _m,
        userId: _u,
        email: _e,
        status: _s,
        source: _so,
        isEmp: _i,
        isSubscribe: _is,
        preferring: _p,
        myAccountDeleteDate: _d,
        LastPwdModifiedDate: _l,
        socialData: _sd,
        mobileVerified: _mv,
        ...editable
      } = await (await as('GET', '/api/Member')).body.data;
      return as('PUT', '/api/member', {
        ...editable,
        businessApplicationAreas: ['energy.ev-charging'],
        inProducts: ['networking'],
        ...changes,
      });
    },
  };
}

const smsCode = (service: SignInService, email: string) =>
  service.call('POST', '/api/Member/SendOtpCode', { body: { userId: email, otpVerifyType: 2 } });

for (const engine of databaseEngines(t)) {
  t.test(
    `a mobile number is proven by the code sent to it; only then do sign-in codes go there (${engine.name})`,
    { skip: engine.skip },
    async (t) => {
      const service = await startSignInService(t, { databaseUrl: await engine.databaseUrl() });
      const ada = await signedIn(service, 'ada@example.com');

      t.equal((await ada.member()).mobileVerified, false, 'a number typed in at registration is not proven');
      t.same(
        (await smsCode(service, 'ada@example.com')).body,
        { isSuccess: true, code: 'ok', data: { showSendCode: true } },
        'no sign-in code to an unproven number',
      );
      t.same(await textMessages(service.dataDir), []);

      t.same((await ada.sendProof('ja-jp')).body, { isSuccess: true, code: 'ok', data: { lastThreeDigits: '789' } });
      const [proofSms] = await textMessages(service.dataDir);
      t.match(
        proofSms,
        /^To: \+4915123456789\n\n\d{6} は会員ポータルの携帯電話番号確認用コード/,
        'to the number on the profile, in the language asked for',
      );
      const proof = codeOf(proofSms);
      t.equal(
        (await service.call('POST', '/api/Member/otpVerify', { body: { userId: 'ada@example.com', code: proof } })).body.code,
        'unauthorized',
        'a proof code does not sign in',
      );
      t.equal((await ada.confirm(proof === '000000' ? '111111' : '000000')).body.code, 'unauthorized', 'a wrong code proves nothing');
      t.same((await ada.confirm(` ${proof} `)).body, { isSuccess: true, code: 'ok', data: { mobileVerified: true } });
      t.equal((await ada.confirm(proof)).body.code, 'CodeNoLongerValid', 'used once');
      t.equal((await ada.member()).mobileVerified, true);
      const csv: string = (await service.call('GET', '/api/Member/ExportProfile', { token: ada.token })).body.data.csv;
      t.match(csv, /Member,Verified mobile number,'\+4915123456789,/, 'the proven number is part of the member data export');

      const texted = (await textMessages(service.dataDir)).length;
      const sent = await smsCode(service, 'ada@example.com');
      t.match(
        sent.body,
        { isSuccess: true, code: 'ok', data: { showSendCode: true, lastThreeDigits: '789' } },
        'now sign-in codes go to the proven number',
      );
      // The text goes out after the reply, so the reply's time does not tell who has a proven number.
      for (let i = 0; i < 100 && (await textMessages(service.dataDir)).length === texted; i += 1)
        await new Promise((r) => setTimeout(r, 50));
      const signIn = codeOf((await textMessages(service.dataDir)).at(-1));
      t.equal(
        (await service.call('POST', '/api/Member/otpVerify', { body: { userId: 'ada@example.com', code: signIn, otpVerifyType: 2 } })).body
          .code,
        'ok',
      );

      t.equal((await ada.update({ mobile: '15198765432' })).body.data.mobileVerified, false, 'a changed number is unproven');
      t.same((await smsCode(service, 'ada@example.com')).body.data, { showSendCode: true }, 'no text to an unproven number');
      t.equal(
        (await ada.update({ mobile: '15123456789' })).body.data.mobileVerified,
        false,
        'and changing back does not bring the old proof back',
      );
      t.equal((await ada.update({ companyName: 'Other Ltd' })).body.data.mobileVerified, false);

      await ada.sendProof();
      const forOldNumber = codeOf((await textMessages(service.dataDir)).at(-1));
      await ada.update({ mobile: '15198765432' });
      t.equal((await ada.confirm(forOldNumber)).body.code, 'unauthorized', 'a code proves only the number it went to');
      await ada.sendProof();
      t.match((await textMessages(service.dataDir)).at(-1), /^To: \+4915198765432\n/);
      t.equal((await ada.confirm(codeOf((await textMessages(service.dataDir)).at(-1)))).body.code, 'ok');
      t.equal(
        (await ada.update({ companyName: 'Same number Ltd' })).body.data.mobileVerified,
        true,
        'other profile changes keep the proof',
      );

      t.equal((await service.call('POST', '/api/Member/SendPhoneProofCode', { body: {} })).status, 401, 'signed-in members only');
      t.equal((await service.call('POST', '/api/Member/ConfirmPhoneProof', { body: { code: '123456' } })).status, 401);
      await ada.update({ mobileCountryCode: '', mobile: '', telCountryCode: '49', telAreacode: '30', telNo: '1234567' });
      const none = await ada.sendProof();
      t.equal(none.status, 400);
      t.same(none.body.errors, [{ field: 'mobile', code: 'MobileNumberRequired' }], 'no mobile number, nothing to prove');
    },
  );
}
