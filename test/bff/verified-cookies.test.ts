import { Signer } from '@fastify/cookie';
import t from 'tap';
import { VerifiedCookies } from '../../server/bff/sessions/verified-cookies.ts';

t.test('a remembered signature does not vouch for any other value', async (t) => {
  const signer = new Signer('k'.repeat(32));
  const cookies = new VerifiedCookies(signer);
  const good = signer.sign('session-a');
  t.equal(cookies.unsign(good), 'session-a');
  t.equal(cookies.unsign(good), 'session-a', 'the second time from memory');

  const [, signature] = good.split('.');
  t.equal(cookies.unsign(`session-b.${signature}`), undefined, "another id under the first one's signature");
  t.equal(cookies.unsign(`${good}x`), undefined, 'a signature with a character more');
  t.equal(cookies.unsign('session-a'), undefined, 'no signature');
  t.equal(cookies.unsign(new Signer('o'.repeat(32)).sign('session-a')), undefined, 'signed with another key');
});
