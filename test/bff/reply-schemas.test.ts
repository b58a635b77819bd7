import t from 'tap';
import { LoginResultDataSchema } from '../../shared/schemas/auth.ts';
import { createClient } from '../helper.ts';
import { startSignInStack } from './sign-in-fixtures.ts';

/**
 * The portal serialises each reply with its route's schema: what the member service answers
 * beyond the fields the browser API lists (the member's status, say) does not reach the browser.
 */
t.test('a sign-in reply carries only the fields of the browser API', async (t) => {
  const { stack, member, login } = await startSignInStack(t, { env: { ALLOWED_CALLBACK_HOSTS: 'shop.example' } });
  const ada = await member({ preferring: 0 });
  const listed = Object.keys(LoginResultDataSchema.properties);

  const plain = await login(createClient(stack.bffUrl), ada.email);
  t.equal(plain.body.code, 'ok');
  t.same(
    Object.keys(plain.body.data ?? {}).filter((field) => !listed.includes(field)),
    [],
    'no field beyond the list',
  );
  t.notOk('status' in (plain.body.data ?? {}), "the member's status stays in the portal");

  const toSite = await login(createClient(stack.bffUrl), ada.email, undefined, 'https://shop.example/welcome');
  t.equal(toSite.body.code, 'ok');
  t.match(
    toSite.body.data,
    { redirectUrl: 'https://shop.example/welcome', id: String, tempId: String },
    'the ticket for the site is listed',
  );
  t.same(
    Object.keys(toSite.body.data).filter((field) => !listed.includes(field)),
    [],
  );
});
