import t from 'tap';
import { Writable } from 'node:stream';
import { activationLinkFor, createClient, startStack, TEST_PASSWORD, validRegistration } from '../../helper.ts';

t.test('passwords, tokens, codes and cookies never reach the log, even at debug level', async (t) => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const stack = await startStack(t, { logger: { level: 'debug', stream } });
  const browser = createClient(stack.bffUrl);
  const email = 'grace@example.com';

  await browser.post('/api/Member/Register', validRegistration(email));
  const link = await activationLinkFor(stack.dataDir, email);
  await browser.post('/api/Member/Activate', { userId: link!.userId, token: link!.token });
  await browser.post('/api/Member/Login', { userId: email, password: 'Wrong1234' });
  const signedIn = await browser.post('/api/Member/Login', { userId: email, password: TEST_PASSWORD });
  t.equal(signedIn.body.code, 'ok');
  const cookie = [...browser.cookies.values()][0]!;
  await browser.get('/api/Member', { headers: { authorization: 'Bearer should-not-appear' } });
  await browser.get('/api/Member/Logout?callbackUrl=%2Fen%2Flogin&ticket=secret-ticket');

  const log = lines.join('\n');
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  t.ok(
    entries.some((e) => e.msg === 'member service call'),
    'upstream calls are logged at debug level',
  );
  t.ok(
    entries.some((e) => (e.upstream as { path?: string } | undefined)?.path === '/api/Member/Login'),
    'including the sign-in',
  );

  t.notMatch(log, TEST_PASSWORD, 'no password');
  t.notMatch(log, 'Wrong1234', 'not even a wrong one');
  t.notMatch(log, link!.token, 'no activation token');
  t.notMatch(log, cookie, 'no session cookie');
  t.notMatch(log, 'should-not-appear', 'no authorization header');
  for (const key of ['password', 'confirmPassword', 'token']) {
    const values = [...log.matchAll(new RegExp(`"${key}":("[^"]*"|\\{)`, 'g'))].map((m) => m[1]);
    t.ok(values.length > 0, `${key} fields were logged`);
    t.same([...new Set(values)], ['"[redacted]"'], `every ${key} is redacted`);
  }
  t.ok(
    entries.some((e) => (e.req as { url?: string } | undefined)?.url === '/api/Member/Logout'),
    'the sign-out request is logged',
  );
  t.notMatch(log, 'secret-ticket', 'without its query string');
  t.ok(
    entries.filter((e) => e.msg === 'request completed').every((e) => typeof e.reqId === 'string'),
    "each response's line carries its request's id",
  );
});
