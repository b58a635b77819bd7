import t from 'tap';
import { createActiveMember, createClient, signIn, startStack } from '../helper.ts';

const valid = {
  businessApplicationAreas: [
    'smart-city',
    'smart-city.traffic-management',
    'smart-city.public-safety',
    'smart-city.smart-buildings',
    'smart-city.environmental-monitoring',
  ],
  inProducts: ['edge-ai.inference-systems'],
};

t.test('choosing-preferring: both questions required, known values only, then the allowed return URL', async (t) => {
  const stack = await startStack(t, { env: { ALLOWED_CALLBACK_HOSTS: 'shop.example.com' } });
  const member = await createActiveMember(stack);
  const anonymous = createClient(stack.bffUrl);

  const browser = await signIn(stack, member);
  const patch = (body: unknown, client = browser) =>
    fetch(new URL('/api/member', stack.bffUrl), {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: await res.json() }));

  t.equal((await patch(valid, anonymous)).status, 401, 'only for a signed-in member');
  t.same((await browser.get('/api/member')).body.data.preferring, true, 'a new member is asked');

  const empty = await patch({ businessApplicationAreas: [], inProducts: [] });
  t.equal(empty.status, 400);
  t.same(empty.body.errors, [
    { field: 'businessApplicationAreas', code: 'QuestionRequired' },
    { field: 'inProducts', code: 'QuestionRequired' },
  ]);
  const unknown = await patch({ ...valid, inProducts: ['flux-capacitors'] });
  t.same(unknown.body.errors, [{ field: 'inProducts', code: 'Form_NotExist' }]);
  t.same((await browser.get('/api/member')).body.data.inProducts, [], 'refused updates changed nothing');

  const saved = await patch({ ...valid, returnUrl: 'https://shop.example.com/welcome?x=1' });
  t.same(saved.body, { isSuccess: true, code: 'ok', data: { returnUrl: 'https://shop.example.com/welcome?x=1' } });
  const profile = (await browser.get('/api/member')).body.data;
  t.same(profile.businessApplicationAreas, valid.businessApplicationAreas);
  t.same(profile.inProducts, valid.inProducts);
  t.equal(profile.preferring, false, 'not asked again');

  const extra = await patch({ ...valid, email: 'takeover@example.com', status: 1 });
  t.equal(extra.status, 200);
  t.equal((await browser.get('/api/member')).body.data.email, member.email, 'only the choices are taken');

  const skipped = await patch({ skip: true, returnUrl: 'https://shop.example.com/later' });
  t.same(skipped.body.data, { returnUrl: 'https://shop.example.com/later' }, 'Skip continues to the same checked place');
  t.equal((await patch({ skip: true }, anonymous)).status, 401);

  const elsewhere = await patch({ ...valid, returnUrl: 'https://evil.example/steal' }, browser);
  t.equal(elsewhere.body.data.returnUrl, '/en/my-account', 'never an open redirect');
});
