import t from 'tap';
import { createActiveMember, signIn, startStack, type TestClient } from '../../helper.ts';
import {
  authorizationRequest,
  followPortal,
  oidcClientsEnv,
  redeem,
  siteClient,
  startRelyingSites,
  verifyLogoutToken,
} from '../../helpers/oidc-sites.ts';

/**
 * A portal session ended from elsewhere tells the sites it signed in at: ended from Devices and
 * sessions (one, or all others), or by a password change, which ends the member's other sessions.
 */
const [site] = await startRelyingSites(t, [{ id: 'shop' }]);
const stack = await startStack(t, { env: oidcClientsEnv([site!]) });
const portal = stack.bffUrl;

/** Signs the browser in at the site; the sid the site was told. */
async function signedInAtSite(browser: TestClient): Promise<string> {
  const config = await siteClient(portal, site!);
  const pending = await authorizationRequest(config, site!);
  return String((await redeem(config, pending, (await followPortal(browser, portal, pending.url)).url)).claims()!.sid);
}

async function twoBrowsers() {
  const member = await createActiveMember(stack);
  const laptop = await signIn(stack, member);
  const phone = await signIn(stack, member);
  return { member, laptop, phone, phoneSid: await signedInAtSite(phone) };
}

t.test('ending one other session in Devices and sessions', async (t) => {
  const { laptop, phoneSid } = await twoBrowsers();
  const sessions = (await laptop.get('/api/Member/Sessions')).body.data as Array<{ id: string; current: boolean }>;
  const phone = sessions.find((session) => !session.current)!;
  const token = site!.nextLogoutToken();
  t.equal((await laptop.delete(`/api/Member/Sessions/${phone.id}`)).body.code, 'ok');
  t.equal((await verifyLogoutToken(portal, site!, await token)).sid, phoneSid);
});

t.test('ending all other sessions', async (t) => {
  const { laptop, phoneSid } = await twoBrowsers();
  const token = site!.nextLogoutToken();
  t.equal((await laptop.post('/api/Member/Sessions/EndOthers')).body.code, 'ok');
  t.equal((await verifyLogoutToken(portal, site!, await token)).sid, phoneSid);
});

t.test('a password change ends the other sessions and tells their sites', async (t) => {
  const { member, laptop, phoneSid } = await twoBrowsers();
  const token = site!.nextLogoutToken();
  const changed = await laptop.post('/api/Member/ResetPwd', {
    currentPassword: member.password,
    newPassword: 'Babbage1791!',
    confirmPassword: 'Babbage1791!',
  });
  t.equal(changed.body.code, 'ok');
  t.equal((await verifyLogoutToken(portal, site!, await token)).sid, phoneSid);
});
