import t from 'tap';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import {
  createClient,
  startStack,
  validRegistration,
  type Stack,
  activationLinkFor,
  TEST_PASSWORD,
  createActiveMember,
  signIn,
} from '../helper.ts';
import { ManualClock } from '../../server/common/clock.ts';
import { ACTIVATION_LINK_VALID_SECONDS } from '../../shared/limits.ts';
import { readOutbox } from '../helpers/outbox.ts';
import { startSiteverify } from '../helpers/siteverify.ts';
import { getCountryCodeForRegionCode, getRegionCodeForCountryCode } from 'awesome-phonenumber';
import { type CountryRecord } from '../../shared/schemas/info.ts';
import { countryCodeOptions } from '../../client/ui/country/country-code-options.ts';
import { countryChange, profileValuesOf } from '../../client/pages/my-account/profile-values.ts';
import { type Member } from '../../shared/schemas/member.ts';

t.test('country rules', async (t) => {
  const errorsOf = (body: { errors?: Array<{ field: string; code: string }> }) =>
    (body.errors ?? []).map((e) => `${e.field}:${e.code}`).sort();

  async function storedMember(t: Parameters<typeof startStack>[0], stack: Stack, email: string) {
    const store = await openMemberStore({ dataDir: stack.dataDir });
    t.teardown(() => store.close());
    const member = await store.members.findByEmail(email);
    return { member, consents: member ? (await store.consents.list(member.id)).map((c) => c.consent).sort() : [] };
  }

  /** Each country's form as the client sends it: the privacy block's answers and a phone of that country. */
  const COUNTRY_CASES = {
    china: {
      valid: {
        country: 'China',
        state: 'Beijing',
        mobileCountryCode: '86',
        mobile: '13800138000',
        isGlobalAgreePolicy: true,
        isSubscribe: true,
      },
      refusals: [
        [{ mobile: '1380013800' }, ['mobile:MobileNumber11digits']],
        [{ mobile: '', telCountryCode: '86', telAreacode: '10', telNo: '12345678' }, ['mobile:MobileNumberRequired']],
        [{ state: '' }, ['state:StateRequired']],
      ],
      consents: ['global-policy', 'subscribe'],
    },
    turkey: {
      valid: {
        country: 'Türkiye',
        telCountryCode: '90',
        telAreacode: '212',
        telNo: '3456789',
        mobile: '',
        mobileCountryCode: '',
        turkeyPolicyConsent: true,
        isSubscribe: false,
      },
      refusals: [
        [{ turkeyPolicyConsent: false }, ['turkeyPolicyConsent:QuestionRequired']],
        [{ isSubscribe: undefined }, ['isSubscribe:QuestionRequired']],
        [{ telNo: '555', telAreacode: '999' }, ['telNo:Form_PhoneNumber_Invalid']],
      ],
      consents: ['turkey-policy'],
    },
    korea: {
      valid: {
        country: 'South Korea',
        mobileCountryCode: '82',
        mobile: '1020000000',
        koreaTermsConsent: true,
        koreaPersonalDataConsent: true,
        isSubscribe: true,
      },
      refusals: [
        [{ koreaPersonalDataConsent: false }, ['koreaPersonalDataConsent:QuestionRequired']],
        [
          { koreaTermsConsent: undefined, koreaPersonalDataConsent: undefined },
          ['koreaPersonalDataConsent:QuestionRequired', 'koreaTermsConsent:QuestionRequired'],
        ],
        [{ mobile: '221234567' }, ['mobile:Form_MobileNumber_Invalid']],
      ],
      consents: ['korea-personal-data', 'korea-terms', 'subscribe'],
    },
    japan: {
      valid: {
        country: 'Japan',
        state: 'Tokyo',
        telCountryCode: '81',
        telAreacode: '3',
        telNo: '12345678',
        mobile: '',
        mobileCountryCode: '',
        japanPolicyConsent: true,
        isSubscribe: false,
      },
      refusals: [
        [{ japanPolicyConsent: undefined, isGlobalAgreePolicy: true }, ['japanPolicyConsent:QuestionRequired']],
        [{ telAreacode: '' }, ['telAreacode:PhoneAreaCodeRequired']],
      ],
      consents: ['japan-policy'],
    },
    europeRma: {
      valid: {
        country: 'Germany',
        source: 'rma',
        VATNumber: 'DE123456789',
        Address: 'Unter den Linden 1, Berlin',
        isGlobalAgreePolicy: true,
        isSubscribe: true,
      },
      refusals: [
        [{ VATNumber: '', Address: '' }, ['Address:AddressRequired', 'VATNumber:VATNumberRequired']],
        [{ VATNumber: 'DE1234567890123456789' }, ['VATNumber:LengthErrorVATNumber']],
        [{ isGlobalAgreePolicy: false }, ['isGlobalAgreePolicy:GlobalPolicyChooseNo']],
      ],
      consents: ['global-policy', 'subscribe'],
    },
    unitedStates: {
      valid: {
        country: 'United States',
        state: 'California',
        telCountryCode: '1',
        telAreacode: '415',
        telNo: '5550123',
        telExt: '12',
        mobile: '',
        mobileCountryCode: '',
        isGlobalAgreePolicy: true,
        isSubscribe: false,
      },
      refusals: [
        [{ state: 'Gondor' }, ['state:Form_NotExist']],
        [{ telNo: '555-0123' }, ['telNo:PhoneNumberNotCorrect']],
        [{ firstName: 'x'.repeat(41) }, ['firstName:Form_Length']],
        [{ firstName: '', lastName: ' ' }, ['firstName:FirstNameRequired', 'lastName:LastNameRequired']],
        [{ companyName: '' }, ['companyName:CompanyNameRequired']],
        [{ email: 'not-an-address' }, ['email:EmailFormat']],
      ],
      consents: ['global-policy'],
    },
  } as const;

  t.test('each country case: refusals change nothing, a valid form registers and records its consents', async (t) => {
    const stack = await startStack(t, { env: { REGISTER_RATE_LIMIT_PER_MINUTE: '1000' } });
    const browser = createClient(stack.bffUrl);
    for (const [name, { valid, refusals, consents }] of Object.entries(COUNTRY_CASES)) {
      const email = `${name.toLowerCase()}@example.com`;
      for (const [overrides, expected] of refusals) {
        const res = await browser.post('/api/Member/Register', validRegistration(email, { ...valid, ...overrides }));
        t.equal(res.status, 400, `${name} ${JSON.stringify(overrides)}`);
        t.same(errorsOf(res.body), expected, `${name} ${JSON.stringify(overrides)}`);
      }
      t.same((await browser.post('/api/Member/IsExist', { email })).body.data, { isExist: false }, `${name}: refusals created nothing`);
      const res = await browser.post('/api/Member/Register', validRegistration(email, valid));
      t.equal(res.body.code, 'ok', `${name}: ${res.text}`);
      const stored = await storedMember(t, stack, email);
      t.same(stored.consents, consents, `${name}: consents recorded`);
      t.equal(stored.member?.country, valid.country);
    }
    const china = await storedMember(t, stack, 'china@example.com');
    t.match(china.member, { tel_no: '', tel_country_code: '', mobile: '13800138000' });
    const rma = await storedMember(t, stack, 'europerma@example.com');
    t.match(rma.member, { vat_number: 'DE123456789', address: 'Unter den Linden 1, Berlin', source: 'rma' });
  });

  t.test('iotmart: company name optional through the whole chain; tracking values reach the member', async (t) => {
    const stack = await startStack(t);
    const browser = createClient(stack.bffUrl);
    const res = await browser.post(
      '/api/Member/Register',
      validRegistration('iot@example.com', {
        companyName: '',
        source: 'iotmart-ana',
        memberExtension: {
          registerPurpose: 'trial',
          referer: 'https://news.example/post',
          utmSource: 'mail',
          utmMedium: 'banner',
          utmCampaign: 'spring',
        },
      }),
    );
    t.equal(res.body.code, 'ok', res.text);
    const { member } = await storedMember(t, stack, 'iot@example.com');
    t.match(member, {
      company_name: '',
      register_purpose: 'trial',
      referer: 'https://news.example/post',
      utm_source: 'mail',
      utm_medium: 'banner',
      utm_campaign: 'spring',
    });
  });

  t.test('IsExist: company domains, and a limit per address whoever asks', async (t) => {
    const stack = await startStack(t, { env: { EMAIL_CHECK_PER_ADDRESS_PER_HOUR: '3', REGISTER_RATE_LIMIT_PER_MINUTE: '1000' } });
    const browser = createClient(stack.bffUrl);
    t.same((await browser.post('/api/Member/IsExist', { email: 'hr@corp.example' })).body, { isSuccess: false, code: 'ContactHR' });
    for (let i = 0; i < 3; i += 1) t.equal((await browser.post('/api/Member/IsExist', { email: 'target@example.com' })).status, 200);
    const limited = await browser.post(
      '/api/Member/IsExist',
      { email: ' TARGET@example.com' },
      { headers: { 'x-forwarded-for': '10.9.9.9' } },
    );
    t.equal(limited.status, 429);
    t.equal(limited.body.code, 'TooManyRequests');
    t.ok(Number(limited.headers.get('retry-after')) > 0);
    t.equal((await browser.post('/api/Member/IsExist', { email: 'other@example.com' })).status, 200, 'other addresses are still answered');
  });

  t.test('sample numbers through the portal', async (t) => {
    const stack = await startStack(t);
    const browser = createClient(stack.bffUrl);
    const res = await browser.get('/api/Member/GetSampleNumber/JP');
    t.same(res.body.data, { fixed: '+81 3-1234-5678', mobile: '+81 90-1234-5678' });
    t.match(res.headers.get('cache-control'), /max-age/);
    t.equal((await browser.get('/api/Member/GetSampleNumber/<script>')).status, 400);
  });
});

t.test('verification mail resend', async (t) => {
  const COUNTDOWN_MS = 181_000;

  async function stackWithCaptcha(t: Parameters<typeof startStack>[0]) {
    const google = await startSiteverify(t, 'google-secret');
    const clock = new ManualClock();
    const stack = await startStack(t, {
      clock,
      env: {
        RECAPTCHA_SITE_KEY: 'site',
        RECAPTCHA_SECRET_KEY: 'google-secret',
        RECAPTCHA_VERIFY_URL: google.url,
        REGISTER_RATE_LIMIT_PER_MINUTE: '1000',
      },
    });
    return { stack, clock, google };
  }

  t.test('the verify page resends to the address it registered without a captcha, paced by the countdown', async (t) => {
    const { stack, clock, google } = await stackWithCaptcha(t);
    const browser = createClient(stack.bffUrl);
    const email = 'pace@example.com';
    const registered = await browser.post(
      '/api/Member/Register',
      validRegistration(email, { captchaVerify: { reCaptchaType: 1, token: google.issue() } }),
    );
    t.equal(registered.body.code, 'ok', registered.text);
    const proof = registered.body.data.registrationProof;
    t.match(proof, /^[A-Za-z0-9_-]{20,}$/, 'the registration hands back a proof for its address');
    t.same(Object.keys(registered.body.data), ['registrationProof'], 'and no internal member id');
    const first = await activationLinkFor(stack.dataDir, email);

    const wrongProof = await browser.post('/api/Member/Reactivate', { userId: 'victim@example.com', registrationProof: proof, lang: 'en' });
    t.equal(wrongProof.body.code, 'Form_ReCaptcha_Invalid', 'the proof is good for its own address only');
    t.equal(
      (await browser.post('/api/Member/Reactivate', { userId: email, lang: 'en' })).body.code,
      'Form_ReCaptcha_Invalid',
      'without the proof the captcha is needed',
    );

    const resent = await browser.post('/api/Member/Reactivate', {
      userId: email.toUpperCase(),
      registrationProof: proof,
      checkResend: true,
      lang: 'en',
    });
    t.equal(resent.body.code, 'ok', resent.text);
    const second = await activationLinkFor(stack.dataDir, email, 2);
    t.not(second?.token, first?.token);

    const concurrent = await Promise.all(
      [1, 2, 3].map(() => browser.post('/api/Member/Reactivate', { userId: email, registrationProof: proof, lang: 'en' })),
    );
    t.same(
      concurrent.map((res) => res.status),
      [429, 429, 429],
      'the next resends wait for the countdown',
    );
    const retryAfter = Number(concurrent[0]!.headers.get('retry-after'));
    t.ok(retryAfter > 0 && retryAfter <= 180, `Retry-After ${retryAfter}`);
    clock.advance(COUNTDOWN_MS);

    // The link-expired view resends by the opaque id of the link: it can only reach that link's owner.
    const stranger = createClient(stack.bffUrl);
    const burst = await Promise.all([1, 2, 3].map(() => stranger.post('/api/Member/Reactivate', { userId: second!.userId, lang: 'en' })));
    t.same(burst.map((res) => res.body.code).sort(), ['TooManyRequests', 'TooManyRequests', 'ok'], 'a burst sends one mail');
    t.ok(await activationLinkFor(stack.dataDir, email, 3));
    t.equal((await readOutbox(stack.dataDir)).filter((mail) => mail.to === email).length, 3);
  });

  t.test('activation links: single use, superseded by a newer resend, expiring', async (t) => {
    const { stack, clock, google } = await stackWithCaptcha(t);
    const browser = createClient(stack.bffUrl);
    const email = 'links@example.com';
    await browser.post('/api/Member/Register', validRegistration(email, { captchaVerify: { reCaptchaType: 1, token: google.issue() } }));
    const first = (await activationLinkFor(stack.dataDir, email))!;
    t.equal(
      (
        await browser.post('/api/Member/Reactivate', {
          userId: email,
          lang: 'en',
          captchaVerify: { reCaptchaType: 1, token: google.issue() },
        })
      ).body.code,
      'ok',
    );
    const second = (await activationLinkFor(stack.dataDir, email, 2))!;

    t.equal(
      (await browser.post('/api/Member/Activate', { userId: first.userId, token: first.token })).body.code,
      'unauthorized',
      'the older link no longer works',
    );
    t.equal(
      (
        await browser.post('/api/Member/Activate', {
          userId: second.userId,
          token: (second.token.startsWith('x') ? 'y' : 'x') + second.token.slice(1),
        })
      ).body.code,
      'unauthorized',
      'a forged token',
    );
    t.equal((await browser.post('/api/Member/Activate', { userId: second.userId, token: second.token })).body.code, 'ok');
    t.equal(
      (await browser.post('/api/Member/Activate', { userId: second.userId, token: second.token })).body.code,
      'Activated',
      'a used link reports the account as active',
    );

    const late = 'late@example.com';
    await browser.post('/api/Member/Register', validRegistration(late, { captchaVerify: { reCaptchaType: 1, token: google.issue() } }));
    const link = (await activationLinkFor(stack.dataDir, late))!;
    clock.advance(ACTIVATION_LINK_VALID_SECONDS * 1000 + 1000);
    t.equal(
      (await browser.post('/api/Member/Activate', { userId: link.userId, token: link.token })).body.code,
      'unauthorized',
      'an expired link',
    );
    t.equal(
      (await browser.post('/api/Member/Login', { userId: late, password: TEST_PASSWORD })).body.code,
      'mustactivate',
      'and the account stays unverified',
    );
  });
});

t.test('calling codes', async (t) => {
  const stack = await startStack(t);
  const browser = createClient(stack.bffUrl);
  const lists = {
    english: (await browser.get('/api/info/V2/Countries/false')).body.data as CountryRecord[],
    chinese: (await browser.get('/api/info/V2/Countries/true')).body.data as CountryRecord[],
  };

  t.test('every country the portal lists has the calling code of the numbering plan', async (t) => {
    for (const [listName, countries] of Object.entries(lists)) {
      t.ok(countries.length > 240, `${listName}: the whole world`);
      const wrong = countries.filter((country) => {
        const code = getCountryCodeForRegionCode(country.code);
        return country.phoneCode !== (code > 0 ? String(code) : '');
      });
      t.same(
        wrong.map((c) => `${c.name} +${c.phoneCode}`),
        [],
        `${listName}: no country with another code`,
      );
      const owners = countries.filter((country) => country.ownsPhoneCode);
      t.same(
        owners.map((c) => c.code).sort(),
        countries
          .filter((c) => c.phoneCode !== '' && getRegionCodeForCountryCode(Number(c.phoneCode)) === c.code)
          .map((c) => c.code)
          .sort(),
        `${listName}: the main country of each code is marked`,
      );
      t.equal(new Set(owners.map((c) => c.phoneCode)).size, owners.length, `${listName}: one main country per code`);
    }
  });

  t.test('Kosovo is +383, and the codes that had area codes mixed in are plain calling codes', async (t) => {
    const byCode = new Map(lists.english.map((c) => [c.code, c]));
    t.match(byCode.get('XK'), { name: 'Kosovo', phoneCode: '383' });
    t.match(byCode.get('JM'), { phoneCode: '1' }, 'Jamaica: 876 is an area code');
    t.match(byCode.get('VA'), { phoneCode: '39' }, 'Vatican City dials through Italy');
    t.match(byCode.get('US'), { phoneCode: '1', ownsPhoneCode: true });
    t.match(byCode.get('AQ'), { phoneCode: '' }, 'no numbering plan, no code');
  });

  t.test('register and My Profile take the code from the same list', async (t) => {
    const kosovo = lists.english.find((c) => c.code === 'XK');
    const options = countryCodeOptions(lists.english, 'Kosovo');
    t.ok(
      options.some((o) => o.value === '383' && o.label === 'Kosovo +383'),
      'the register selector offers Kosovo +383',
    );
    t.notOk(options.some((o) => o.label.startsWith('Kosovo') && o.value !== '383'));
    t.equal(
      countryCodeOptions(lists.english).find((o) => o.value === '1')?.label,
      'United States +1',
      'a shared code is named after its main country',
    );
    t.equal(
      countryCodeOptions(lists.english, 'Jamaica').find((o) => o.value === '1')?.label,
      'Jamaica +1',
      'unless the chosen country shares it',
    );

    const member = { country: 'Germany', state: '', telCountryCode: '49', mobileCountryCode: '49' } as unknown as Member;
    const patch = countryChange(profileValuesOf(member), kosovo);
    t.match(patch, { country: 'Kosovo', telCountryCode: '383', mobileCountryCode: '383' }, 'My Profile fills both codes with +383');
  });
});

t.test('choosing preferences', async (t) => {
  const valid = {
    businessApplicationAreas: [
      'smart-city',
      'smart-city.traffic-management',
      'smart-city.public-safety',
      'smart-city.smart-buildings',
      'smart-city.environmental-monitoring',
    ],
    inProducts: ['edge-ai.inference-systems'],
  };

  t.test('choosing-preferring: both questions required, known values only, then the allowed return URL', async (t) => {
    const stack = await startStack(t, { env: { ALLOWED_CALLBACK_HOSTS: 'shop.example.com' } });
    const member = await createActiveMember(stack);
    const anonymous = createClient(stack.bffUrl);

    const browser = await signIn(stack, member);
    const patch = (body: unknown, client = browser) =>
      fetch(new URL('/api/member', stack.bffUrl), {
        method: 'PATCH',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        body: JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, body: await res.json() }));

    t.equal((await patch(valid, anonymous)).status, 401, 'only for a signed-in member');
    t.same((await browser.get('/api/member')).body.data.preferring, true, 'a new member is asked');

    const empty = await patch({ businessApplicationAreas: [], inProducts: [] });
    t.equal(empty.status, 400);
    t.same(empty.body.errors, [
      { field: 'businessApplicationAreas', code: 'QuestionRequired' },
      { field: 'inProducts', code: 'QuestionRequired' },
    ]);
    const unknown = await patch({ ...valid, inProducts: ['flux-capacitors'] });
    t.same(unknown.body.errors, [{ field: 'inProducts', code: 'Form_NotExist' }]);
    t.same((await browser.get('/api/member')).body.data.inProducts, [], 'refused updates changed nothing');

    const saved = await patch({ ...valid, returnUrl: 'https://shop.example.com/welcome?x=1' });
    t.same(saved.body, { isSuccess: true, code: 'ok', data: { returnUrl: 'https://shop.example.com/welcome?x=1' } });
    const profile = (await browser.get('/api/member')).body.data;
    t.same(profile.businessApplicationAreas, valid.businessApplicationAreas);
    t.same(profile.inProducts, valid.inProducts);
    t.equal(profile.preferring, false, 'not asked again');

    const extra = await patch({ ...valid, email: 'takeover@example.com', status: 1 });
    t.equal(extra.status, 200);
    t.equal((await browser.get('/api/member')).body.data.email, member.email, 'only the choices are taken');

    const skipped = await patch({ skip: true, returnUrl: 'https://shop.example.com/later' });
    t.same(skipped.body.data, { returnUrl: 'https://shop.example.com/later' }, 'Skip continues to the same checked place');
    t.equal((await patch({ skip: true }, anonymous)).status, 401);

    const elsewhere = await patch({ ...valid, returnUrl: 'https://evil.example/steal' }, browser);
    t.equal(elsewhere.body.data.returnUrl, '/en/my-account', 'never an open redirect');
  });
});
