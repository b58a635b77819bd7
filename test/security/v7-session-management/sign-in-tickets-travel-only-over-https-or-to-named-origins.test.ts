import t from 'tap';
import { createClient } from '../../helper.ts';
import { startSignInStack } from '../../bff/sign-in-fixtures.ts';

// A sign-in ticket (`id`, `tempid`) is a bearer credential: whoever reads it signs in at the
// company site. Over plain http or to another port it could be read or caught on the way.
const { stack, member, login } = await startSignInStack(t, {
  env: { ALLOWED_CALLBACK_HOSTS: 'shop.example, http://localhost:8080, https://pay.example:9443' },
});
const ada = await member();

async function signInFor(returnUrl: string) {
  return (await login(createClient(stack.bffUrl), ada.email, undefined, returnUrl)).body;
}

t.test('a host entry: the ticket goes to https on the default port only; elsewhere the member goes without one', async (t) => {
  const https = await signInFor('https://shop.example/cart');
  t.match(https.data, { redirectUrl: 'https://shop.example/cart', id: ada.publicId, tempId: /./ });

  for (const url of ['http://shop.example/cart', 'https://shop.example:8443/cart']) {
    const reply = await signInFor(url);
    t.equal(reply.data.redirectUrl, url, `${url}: still sent on`);
    t.same([reply.data.id, reply.data.tempId], [undefined, undefined], `${url}: without a ticket`);
  }
});

t.test('an entry naming scheme and port: that origin gets tickets, its neighbours nothing', async (t) => {
  for (const url of ['http://localhost:8080/welcome', 'https://pay.example:9443/checkout']) {
    t.match((await signInFor(url)).data, { redirectUrl: url, id: ada.publicId, tempId: /./ }, url);
  }
  for (const url of ['http://localhost:8081/welcome', 'https://localhost:8080/welcome', 'https://pay.example/checkout']) {
    const reply = await signInFor(url);
    t.same([reply.data.redirectUrl, reply.data.tempId], [undefined, undefined], `${url}: not allowed at all`);
  }
});

t.test('the same rule for the URL-encoded form the login form sends', async (t) => {
  const encoded = await signInFor(encodeURIComponent('http://shop.example/cart?x=1'));
  t.same([encoded.data.redirectUrl, encoded.data.tempId], ['http://shop.example/cart?x=1', undefined]);
  t.match((await signInFor(encodeURIComponent('https://shop.example/cart?x=1'))).data, {
    redirectUrl: 'https://shop.example/cart?x=1',
    tempId: /./,
  });
});
