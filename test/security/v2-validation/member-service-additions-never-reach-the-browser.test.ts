import { Writable } from 'node:stream';
import t, { type Test } from 'tap';
import { buildBff } from '../../helper.ts';
import { startFakeUpstream } from '../../bff/fake-upstream.ts';

/**
 * A company's member service may answer with more than the contract (shared/contract) lists.
 * The portal keeps only the listed fields, so nothing it adds can reach a browser: a reply the
 * portal reads loses them after the contract check, the member read (relayed as it is) in the
 * reply schema that writes it, at every depth, objects in lists included; a reply
 * that breaks the contract is servererror, logged once with the call.
 */
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const ADDED = 'added-by-the-member-service';

const member = {
  memberId: 7,
  userId: 'a@example.com',
  email: 'a@example.com',
  status: 1,
  source: '',
  isEmp: false,
  isSubscribe: false,
  preferring: false,
  myAccountDeleteDate: null,
  LastPwdModifiedDate: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: '',
  country: 'Germany',
  state: '',
  telCountryCode: '',
  telAreacode: '',
  telNo: '',
  telExt: '',
  mobileCountryCode: '',
  mobile: '',
  businessApplicationAreas: [],
  inProducts: [],
  memberExtension: { vatNumber: '', address: '', internalRating: ADDED },
  socialData: [
    {
      socialType: 1,
      socialId: 'google-ada',
      socialEmail: 'a@example.com',
      socialName: 'Ada',
      registerDate: '2024-01-01T00:00:00.000Z',
      linkedBy: ADDED,
    },
  ],
};

function logLines() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

async function signedIn(t: Test, memberReply: () => { status?: number; body: unknown }) {
  const upstream = await startFakeUpstream(t, {
    'POST /api/Member/Login': () => ({
      body: {
        isSuccess: true,
        code: 'ok',
        debug: ADDED,
        data: {
          token: 'member-token-1',
          tokenExpiresAt: '2099-01-01T00:00:00.000Z',
          userId: 'a@example.com',
          memberId: 7,
          status: 1,
          passwordHash: ADDED,
        },
      },
    }),
    'GET /api/member': memberReply,
    'GET /api/Member': memberReply,
  });
  const log = logLines();
  const { app } = await buildBff(t, { UPSTREAM_URL: upstream.url, UPSTREAM_SERVICE_KEY: 's'.repeat(32) }, { logger: log.logger });
  const login = await app.inject({
    method: 'POST',
    url: '/api/Member/Login',
    payload: { userId: 'a@example.com', password: 'Secret123' },
    headers: XHR,
  });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { app, login, cookie, log };
}

t.test('fields the member service adds to a sign-in or a member never reach the browser', async (t) => {
  const { app, login, cookie } = await signedIn(t, () => ({
    body: { isSuccess: true, code: 'ok', trace: ADDED, data: { ...member, passwordHash: ADDED } },
  }));
  t.equal(login.statusCode, 200);
  t.equal(login.json().code, 'ok');
  t.notMatch(login.body, ADDED, 'nothing added to the sign-in reply');
  t.notMatch(login.body, 'member-token-1', 'nor the token');

  const profile = await app.inject({ method: 'GET', url: '/api/Member', headers: { ...XHR, cookie } });
  t.equal(profile.statusCode, 200);
  t.equal(profile.json().data.firstName, 'Ada', 'the listed fields arrive');
  t.notMatch(profile.body, ADDED, 'nothing added to the member reply, at any depth');
});

t.test('a reply outside the contract is servererror, logged once with the call', async (t) => {
  const { app, cookie, log } = await signedIn(t, () => ({ body: { isSuccess: true, code: 'ok', data: { ...member, memberId: 'seven' } } }));
  const before = log.lines.length;
  const profile = await app.inject({ method: 'GET', url: '/api/Member', headers: { ...XHR, cookie } });
  t.equal(profile.statusCode, 502);
  t.equal(profile.json().code, 'servererror');
  t.notMatch(profile.body, 'seven');
  const logged = log.lines.slice(before).filter((line) => JSON.stringify(line).includes('outside the contract'));
  t.equal(logged.length, 1, 'one log line');
  t.match(JSON.stringify(logged[0]), 'GET /api/member', 'naming the call');
});
