import t from 'tap';
import { createActiveMember, createClient, signIn, startStack, validRegistration, activationLinkFor, TEST_PASSWORD } from '../helper.ts';
import { ManualClock } from '../../server/common/clock.ts';
import { PURGE_JOB_NAME } from '../../server/member-service/jobs/purge-deleted-members.ts';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { latestCodeTo, textMessagesTo } from '../helpers/text-messages.ts';

t.test('profile', async (t) => {
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
      const refused = await client.put('/api/member', {
        ...adaBefore,
        ...preferences,
        firstName: '',
        mobile: '12',
        mobileCountryCode: '49',
      });
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
    const saved = await client.put('/api/member', {
      ...member,
      ...preferences,
      memberExtension: { vatNumber: 'DE999', address: 'Berlin' },
    });
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
});

t.test('personal-data export', async (t) => {
  /** RFC 4180 reading, to check that the file's quoting gives back exactly the values. */
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    let row: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < text.length; i += 1) {
      const c = text[i]!;
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else if (c === '"') quoted = false;
        else cell += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        row.push(cell);
        cell = '';
      } else if (c === '\r' && text[i + 1] === '\n') {
        row.push(cell);
        rows.push(row);
        row = [];
        cell = '';
        i += 1;
      } else cell += c;
    }
    return rows;
  }

  t.test('Profile.csv: every stored field, consents, safe quoting and no formulas', async (t) => {
    const stack = await startStack(t);
    const member = await createActiveMember(stack);
    const client = await signIn(stack, member);
    const loaded = (await client.get('/api/member')).body.data;
    const saved = await client.put('/api/member', {
      ...loaded,
      firstName: '=HYPERLINK("https://evil.example")',
      lastName: '-2+3',
      companyName: '@SUM(A1), "Quoted" & Co',
      businessApplicationAreas: ['energy.ev-charging'],
      inProducts: ['networking'],
    });
    t.equal(saved.body.code, 'ok', saved.text);
    t.equal((await client.put('/api/Member/UpdateMemberSubscribe', { isSubscribe: true })).body.code, 'ok');

    const file = await client.get('/api/Member/ExportProfile');
    t.equal(file.status, 200);
    t.match(file.headers.get('content-type'), /^text\/csv; charset=utf-8/);
    t.equal(file.headers.get('content-disposition'), 'attachment; filename="Profile.csv"');
    t.equal(file.headers.get('cache-control'), 'no-store', 'personal data is not cached');
    const raw = await (
      await fetch(new URL('/api/Member/ExportProfile', stack.bffUrl), {
        headers: { cookie: [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; ') },
      })
    ).arrayBuffer();
    t.same([...new Uint8Array(raw).slice(0, 3)], [0xef, 0xbb, 0xbf], 'the bytes start with the UTF-8 byte-order mark');

    const rows = parseCsv(file.text.replace(/^\uFEFF/, ''));
    t.same(rows[0], ['Section', 'Name', 'Value', 'Date', 'Details']);
    t.ok(
      rows.every((row) => row.length === 5),
      'every row has five cells',
    );
    const value = (name: string) => rows.find((row) => row[0] === 'Member' && row[1] === name)?.[2];
    t.equal(value('First name'), `'=HYPERLINK("https://evil.example")`, 'a formula is shown as text');
    t.equal(value('Last name'), `'-2+3`);
    t.equal(value('Company name'), `'@SUM(A1), "Quoted" & Co`, 'commas and quotes survive quoting');
    t.equal(value('E-mail'), member.email);
    t.equal(value('Country/Region'), 'Germany');
    t.equal(value('Mobile number'), '15123456789');
    t.equal(value('Products of interest'), 'networking');
    t.equal(value('Receives product information'), 'yes');
    t.equal(value('Permanent deletion date'), '');
    t.match(value('Registered at'), /^\d{4}-\d\d-\d\dT/);
    t.notOk(
      rows.some((row) => row.some((cell) => cell.includes('$argon2'))),
      'no password hash',
    );
    t.ok(
      rows.some((row) => row[0] === 'Consent given at registration' && row[1] === 'global-policy'),
      'consents given at registration',
    );
    t.ok(
      rows.some((row) => row[0] === 'Consent change' && row[1] === 'subscribe' && row[2] === 'yes' && /source my-account/.test(row[4]!)),
      'consent changes with source',
    );
    const cells = rows.flat();
    t.notOk(
      cells.some((cell) => /^[=+\-@]/.test(cell)),
      'no cell starts a formula',
    );

    const anonymous = createClient(stack.bffUrl);
    t.equal((await anonymous.get('/api/Member/ExportProfile')).status, 401);
  });
});

t.test('deletion and restore', async (t) => {
  const DAY = 24 * 60 * 60 * 1000;

  t.test('subscription: saved at once, recorded, only for the signed-in member', async (t) => {
    const stack = await startStack(t);
    const member = await createActiveMember(stack);
    const client = await signIn(stack, member);
    const on = await client.put('/api/Member/UpdateMemberSubscribe', { userId: member.email, isSubscribe: true });
    t.same([on.body.code, on.body.data.isSubscribe], ['ok', true]);
    const off = await client.put('/api/Member/UpdateMemberSubscribe', { userId: member.email, isSubscribe: false });
    t.same([off.body.code, off.body.data.isSubscribe], ['ok', false]);
    const someoneElse = await client.put('/api/Member/UpdateMemberSubscribe', { userId: 'victim@example.com', isSubscribe: true });
    t.same([someoneElse.body.isSuccess, someoneElse.body.code], [false, 'Forbidden'], 'naming another member is refused');
    t.equal((await client.get('/api/member')).body.data.isSubscribe, false);
    t.equal((await client.put('/api/Member/UpdateMemberSubscribe', { isSubscribe: 'yes' })).status, 400);
    t.equal((await createClient(stack.bffUrl).put('/api/Member/UpdateMemberSubscribe', { isSubscribe: true })).status, 401);
  });

  t.test('delete, sign out, sign in again, restore; the purge after the date', async (t) => {
    const clock = new ManualClock(Date.UTC(2026, 5, 10, 9));
    const stack = await startStack(t, { clock, memberService: { jobPollSeconds: 0 } });
    const member = await createActiveMember(stack);
    let client = await signIn(stack, member);

    t.equal((await client.delete('/api/member', {}, { headers: { 'x-requested-with': undefined } })).status, 403, 'CSRF guard');
    const deleted = await client.delete('/api/member', {});
    t.equal(deleted.body.code, 'ok', deleted.text);
    t.equal(
      deleted.body.data.myAccountDeleteDate,
      new Date(clock.now() + 30 * DAY).toISOString(),
      'permanent deletion 30 days after the request',
    );
    const mail = await waitForMail(stack.dataDir, member.email, { count: 2 });
    t.match(mail.subject, 'July 10, 2026', 'the confirmation mail gives the date');
    t.equal(findLink(mail, /\/login$/), `${stack.bffUrl}/en/login`, 'and where to sign in to restore');

    t.equal((await client.get('/api/Member/Logout')).body.code, 'ok');
    clock.advance(29 * DAY);
    client = await signIn(stack, member);
    t.equal(
      (await client.get('/api/member')).body.data.myAccountDeleteDate,
      deleted.body.data.myAccountDeleteDate,
      'pending deletion: signing in still works',
    );
    const restored = await client.post('/api/Member/ApplyRestoreTag');
    t.same([restored.body.code, restored.body.data.myAccountDeleteDate], ['ok', null]);
    clock.advance(2 * DAY);
    await stack.apps.memberService.jobs.runNow(PURGE_JOB_NAME);
    client = await signIn(stack, member);
    t.equal((await client.get('/api/member')).body.data.myAccountDeleteDate, null, 'a restored account is not purged');

    const again = await client.post('/api/Member/ApplyDeleteTag');
    t.equal(again.body.data.myAccountDeleteDate, new Date(clock.now() + 30 * DAY).toISOString());
    clock.advance(30 * DAY);
    await stack.apps.memberService.jobs.runNow(PURGE_JOB_NAME);
    const gone = await client.get('/api/member');
    t.equal(gone.status, 401, 'the session of a purged member ends');
    const login = await createClient(stack.bffUrl).post('/api/Member/Login', { userId: member.email, password: member.password });
    t.equal(login.body.code, 'AccountOrPwdFail', 'a purged account no longer exists');
    const exists = await createClient(stack.bffUrl).post('/api/Member/IsExist', { email: member.email });
    t.same(exists.body.data, { isExist: false }, 'the address can register again');
  });

  t.test('back-to-site link: only for allowed callback URLs, named as the configuration names the site', async (t) => {
    const stack = await startStack(t, {
      env: {
        ALLOWED_CALLBACK_HOSTS: 'shop.example.com, https://partners.example.com, docs.example.com',
        CALLBACK_SITE_NAMES: 'shop.example.com=Shop, https://partners.example.com=Partner Portal',
      },
    });
    const client = createClient(stack.bffUrl);
    const check = async (url: string) => (await client.get(`/api/Member/BackToSite?callbackUrl=${encodeURIComponent(url)}`)).body.data;
    t.same(await check('https://shop.example.com/cart?x=1'), { url: 'https://shop.example.com/cart?x=1', site: 'Shop' });
    t.same(await check('https://partners.example.com/'), { url: 'https://partners.example.com/', site: 'Partner Portal' });
    t.same(
      await check('https://docs.example.com:8443/a'),
      { url: 'https://docs.example.com:8443/a', site: 'docs.example.com:8443' },
      'unnamed: its host',
    );
    t.same(await check('/en/my-account'), { url: '/en/my-account', site: null }, 'the portal itself is no site to go back to');
    for (const hostile of ['https://evil.example/', '//evil.example/', 'javascript:alert(1)', 'https://shop.example.com.evil.example/'])
      t.same(await check(hostile), { url: null, site: null }, `${hostile}: neither link nor name`);
  });
});

t.test('phone proof', async (t) => {
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
});
