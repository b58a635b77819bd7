import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import t from 'tap';
import { createActiveMember, createClient, signIn, startStack } from '../../helper.ts';
import { findLink, waitForMail } from '../../helpers/outbox.ts';

// The new-device mail's "This wasn't me" link signs every browser of the member out without a
// session: its token, read from a log line, would let anyone do that. Opened as a browser opens it.
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

t.test("the not-me link's token appears in no log line, when the page is opened or the action taken", async (t) => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const stack = await startStack(t, { logger: { level: 'debug', stream } });
  await mkdir(stack.bffConfig.clientDir, { recursive: true });
  await writeFile(join(stack.bffConfig.clientDir, 'index.html'), '<!doctype html><title>Portal</title>');
  const member = await createActiveMember(stack);
  await signIn(stack, member);
  await createClient(stack.bffUrl).post(
    '/api/Member/Login',
    { userId: member.email, password: member.password },
    { headers: { 'user-agent': SAFARI } },
  );
  const link = findLink(await waitForMail(stack.dataDir, member.email, { count: 2 }), '/not-me/');
  const path = link!.slice(stack.bffConfig.publicOrigin.length);
  const [, , , eventId = '', token = ''] = path.split('/').map(decodeURIComponent);
  t.ok(token.length > 20, 'the link carries a token');

  const { port } = new URL(stack.bffUrl);
  const status = await new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
  t.equal(status, 200, 'the page is served');
  t.same((await createClient(stack.bffUrl).post('/api/Member/SecurityEvents/NotMe', { eventId, token })).body, {
    isSuccess: true,
    code: 'ok',
  });
  t.ok(
    lines.some((line) => line.includes('/not-me/')),
    'the page request is logged',
  );
  t.same(
    lines.filter((line) => line.includes(token)),
    [],
    'with the token masked everywhere',
  );
});
