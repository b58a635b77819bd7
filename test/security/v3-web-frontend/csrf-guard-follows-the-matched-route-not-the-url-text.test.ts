import { request } from 'node:http';
import t from 'tap';
import { createActiveMember, signIn, startStack, type TestClient } from '../../helper.ts';

// An <img src> on another site sends a GET with the member's cookie and without the
// X-Requested-With marker. Logout is a GET that changes state: however its path is spelled,
// a request that reaches it must be refused, and the member stays signed in.
const SPELLINGS = [
  '/api/Member/Logout',
  '/api/Member/%4Cogout',
  '/api/Member/%4cogout',
  '/api/Member/Logou%74',
  '/api/%4Dember/Logout',
  '/%61pi/Member/Logout',
  '/api/Member/Logout/',
  '/api/Member/Logout?callbackUrl=%2Fen%2Flogin',
  '/api/Member/Logout/?x=1',
  '/api/member/logout',
  '/api/member/logout/',
  '/api/Member/LOGOUT',
  '//api/Member/Logout',
  '/api/Member//Logout',
  '/api//Member/Logout',
  '/api/Member/Logout;x',
  '/api/Member/Logout%2F',
  '/api/Member/Logout%00',
  '/api/Member/Logout#x',
];

const stack = await startStack(t);
const member = await createActiveMember(stack);

/** A request with the raw path as written (fetch would normalise it) and the member's cookie, as an image would send it. */
function imageRequest(method: string, path: string, client: TestClient): Promise<{ status: number; body: string }> {
  const { port } = new URL(stack.bffUrl);
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { cookie, accept: 'image/*' } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

t.test('no spelling of the Logout path signs the member out from another site', async (t) => {
  const browser = await signIn(stack, member);
  for (const method of ['GET', 'HEAD']) {
    for (const path of SPELLINGS) {
      const res = await imageRequest(method, path, browser);
      t.not(res.status, 200, `${method} ${path} is not answered as a sign-out (${res.status})`);
      t.notMatch(res.body, /redirectUrl/, `${method} ${path}`);
      t.equal((await browser.get('/api/member')).status, 200, `${method} ${path}: still signed in`);
    }
  }
});

t.test('what reaches Logout without the marker is refused by the guard', async (t) => {
  const browser = await signIn(stack, member);
  for (const path of ['/api/Member/%4Cogout', '/api/Member/Logou%74', '/api/Member/Logout/', '/api/Member/Logout?x=1']) {
    t.equal((await imageRequest('GET', path, browser)).status, 403, path);
    t.equal((await imageRequest('HEAD', path, browser)).status, 403, `HEAD ${path}`);
  }
  t.equal((await browser.get('/api/Member/%4Cogout')).status, 200, 'the portal itself, with the marker, signs out by any spelling');
  t.equal((await browser.get('/api/member')).status, 401);
});
