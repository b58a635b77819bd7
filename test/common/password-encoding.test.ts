import t from 'tap';
import { randomBytes } from 'node:crypto';
import { decodePassword, encodePassword } from '../../server/common/password-encoding.ts';

const key = randomBytes(32).toString('hex');

t.test('round trip, with a fresh IV each time', async (t) => {
  const a = encodePassword('Pässw0rd!', key);
  const b = encodePassword('Pässw0rd!', key);
  t.not(a, b, 'same password encodes differently');
  t.notMatch(a, /Pässw0rd/);
  t.equal(decodePassword(a, key), 'Pässw0rd!');
  t.equal(decodePassword(b, key), 'Pässw0rd!');
});

t.test('anything else decodes to undefined, never throws', async (t) => {
  const other = randomBytes(32).toString('hex');
  const encoded = encodePassword('Secret123', key);
  t.not(decodePassword(encoded, other), 'Secret123', 'another key does not reveal it');
  t.equal(decodePassword('', key), undefined);
  t.equal(decodePassword('not base64 at all!!', key), undefined);
  t.equal(decodePassword(encoded.slice(0, -4), key), undefined, 'truncated');
});

t.test('a malformed key is refused', async (t) => {
  t.throws(() => encodePassword('x', 'abcd'));
});
