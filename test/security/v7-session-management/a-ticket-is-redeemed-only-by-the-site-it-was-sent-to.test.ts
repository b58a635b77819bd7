import t from 'tap';
import { createClient } from '../../helper.ts';
import { startSignInStack } from '../../bff/sign-in-fixtures.ts';

/**
 * A sign-in ticket is a bearer credential for the site it was sent to. With each site's key bound
 * to that site (SSO_SITE_KEYS `site=key`), another company site that sees the ticket (a leaked
 * URL, a shared log) cannot redeem it, and its attempt leaves the ticket good for its own site.
 */
const SHOP_KEY = 'shop-key-0123456789abcdef0123456789abcdef';
const PARTNER_KEY = 'partner-key-0123456789abcdef0123456789ab';
const ANY_SITE_KEY = 'any-site-key-0123456789abcdef0123456789a';
const { stack, member, login } = await startSignInStack(t, {
  env: {
    ALLOWED_CALLBACK_HOSTS: 'shop.example, partner.example',
    SSO_SITE_KEYS: `shop.example=${SHOP_KEY}, partner.example=${PARTNER_KEY}, ${ANY_SITE_KEY}`,
  },
});
const ada = await member({ preferring: 0 });

async function ticketFor(returnUrl: string) {
  const data = (await login(createClient(stack.bffUrl), ada.email, undefined, returnUrl)).body.data;
  return { memberId: data.id as string, tempId: data.tempId as string };
}

const redeem = (ticket: object, key: string) =>
  createClient(stack.bffUrl).post('/api/Member/CheckGoToProfile', ticket, { headers: { authorization: `Bearer ${key}` } });

t.test("another site's key cannot redeem a ticket sent to the shop; the shop's can, once", async (t) => {
  const ticket = await ticketFor('https://shop.example/welcome');
  t.same((await redeem(ticket, PARTNER_KEY)).body, { isSuccess: false, code: 'TempIdInValid' }, 'the partner site is refused');
  const redeemed = await redeem(ticket, SHOP_KEY);
  t.match(redeemed.body, { isSuccess: true, code: 'ok', data: { userId: ada.email } }, 'the shop still redeems it');
  t.same((await redeem(ticket, SHOP_KEY)).body, { isSuccess: false, code: 'TempIdInValid' }, 'and only once');
});

t.test("a bound key redeems its own site's tickets; a key bound to no site redeems any", async (t) => {
  const forPartner = await ticketFor('https://partner.example/home');
  t.same((await redeem(forPartner, SHOP_KEY)).body.code, 'TempIdInValid', "the shop's key does not fit the partner's ticket");
  t.equal((await redeem(forPartner, PARTNER_KEY)).body.code, 'ok', "the partner's does");
  t.equal((await redeem(await ticketFor('https://shop.example/'), ANY_SITE_KEY)).body.code, 'ok', 'an unbound key, as before');
});

t.test('a made-up ticket is refused alike under a bound key', async (t) => {
  const reply = await redeem({ memberId: ada.publicId, tempId: 'A'.repeat(43) }, SHOP_KEY);
  t.same(reply.body, { isSuccess: false, code: 'TempIdInValid' });
});
