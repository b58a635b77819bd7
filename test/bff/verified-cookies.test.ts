import { Signer } from '@fastify/cookie';
import t from 'tap';
import { VerifiedCookies } from '../../server/bff/sessions/verified-cookies.ts';

const KEY = 'k'.repeat(32);

t.test('a remembered signature does not vouch for any other value', async (t) => {
  const cookies = new VerifiedCookies(KEY);
  const good = new Signer(KEY).sign('session-a');
  t.same(cookies.unsign(good), { valid: true, renew: false, value: 'session-a' });
  t.same(cookies.unsign(good), { valid: true, renew: false, value: 'session-a' }, 'the second time from memory');

  const [, signature] = good.split('.');
  t.equal(cookies.unsign(`session-b.${signature}`).valid, false, "another id under the first one's signature");
  t.equal(cookies.unsign(`${good}x`).valid, false, 'a signature with a character more');
  t.equal(cookies.unsign('session-a').valid, false, 'no signature');
  t.equal(cookies.unsign(new Signer('o'.repeat(32)).sign('session-a')).valid, false, 'signed with another key');
});

t.test('signs as the library signer does, from memory the second time', async (t) => {
  const cookies = new VerifiedCookies(KEY);
  const expected = new Signer(KEY).sign('session-c');
  t.equal(cookies.sign('session-c'), expected);
  t.equal(cookies.sign('session-c'), expected);
  t.equal(cookies.unsign(cookies.sign('session-d')).value, 'session-d');
});
