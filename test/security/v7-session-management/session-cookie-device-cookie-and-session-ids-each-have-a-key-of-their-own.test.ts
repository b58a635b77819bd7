import { createHmac, hkdfSync } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import t from 'tap';
import { createActiveMember, signIn, startStack } from '../../helper.ts';

/**
 * ASVS 11.x / 7.2: one secret, one use. SESSION_SECRET is never used as a key itself; the session
 * cookie, the device cookie and the ids of the member's list of sessions each use a key derived
 * from it by HKDF-SHA256 with a label of its own, so that a value made for one use is worthless
 * as another and no signature reveals anything about the secret's other uses.
 */
const SECRET = 'a-session-secret-of-the-operator-0123456789';
const derived = (label: string) => Buffer.from(hkdfSync('sha256', SECRET, '', label, 32)).toString('base64url');

t.test('each value is keyed by its own derived key, none by the secret', async (t) => {
  const stack = await startStack(t, { env: { SESSION_SECRET: SECRET } });
  const browser = await signIn(stack, await createActiveMember(stack));
  const sessionCookie = decodeURIComponent(browser.cookies.get('portal-session') ?? '');
  const deviceCookie = decodeURIComponent(browser.cookies.get('portal-device') ?? '');
  t.ok(sessionCookie && deviceCookie, 'both cookies are set at sign-in');

  const keys = {
    session: derived('portal session cookie v1'),
    device: derived('portal device cookie v1'),
    ids: derived('portal session list ids v1'),
  };
  t.equal(new Set([SECRET, ...Object.values(keys)]).size, 4, 'four different keys');

  t.notOk(new Signer(SECRET).unsign(sessionCookie).valid, 'the session cookie is not signed with the secret');
  t.ok(new Signer(keys.session).unsign(sessionCookie).valid, 'but with its own key');
  t.notOk(new Signer(keys.device).unsign(sessionCookie).valid, 'which is not the device key');

  t.notOk(new Signer(SECRET).unsign(deviceCookie).valid, 'the device cookie is not signed with the secret');
  t.ok(new Signer(keys.device).unsign(deviceCookie).valid, 'but with its own key');
  t.notOk(new Signer(keys.session).unsign(deviceCookie).valid, 'which is not the session key');

  const sessionId = new Signer(keys.session).unsign(sessionCookie).value!;
  const listedId = (await browser.get('/api/Member/Sessions')).body.data[0].id;
  const idUnder = (key: string) => createHmac('sha256', key).update(`member-session:${sessionId}`).digest('base64url').slice(0, 32);
  t.equal(listedId, idUnder(keys.ids), 'the listed id is keyed by the ids key');
  t.not(listedId, idUnder(SECRET), 'not by the secret');
});
