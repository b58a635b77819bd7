import t from 'tap';
import { spawn } from 'node:child_process';
import { createActiveMember, createClient, freePort, signIn, startStack } from '../../helper.ts';
import { scriptArgs } from '../../../scripts/bench/processes.ts';
import { followPortal, SITE_SECRET } from '../../helpers/oidc-sites.ts';
import { serverEntry } from '../../helpers/server-entry.ts';

/**
 * The README's example site (npm run oidc:client-example), run as it is against a real portal:
 * a member signs in there through the portal, and is signed out there by back-channel when
 * signing out at the portal.
 */
const sitePort = await freePort();
const site = `http://localhost:${sitePort}`;
const stack = await startStack(t, {
  env: {
    OIDC_CLIENTS: JSON.stringify([
      {
        client_id: 'example',
        client_secret: SITE_SECRET,
        redirect_uris: [`${site}/cb`],
        post_logout_redirect_uris: [`${site}/`],
        backchannel_logout_uri: `${site}/backchannel`,
        first_party: true,
      },
    ]),
  },
});
const child = spawn(process.execPath, scriptArgs(serverEntry('scripts/oidc-client-example.ts')), {
  env: { ...process.env, PORTAL_URL: stack.bffUrl, SITE_URL: site, CLIENT_ID: 'example', CLIENT_SECRET: SITE_SECRET },
  stdio: ['ignore', 'inherit', 'inherit'],
});
t.teardown(() => {
  child.kill();
});
for (let i = 0; i < 400; i += 1) {
  if (
    await fetch(site).then(
      () => true,
      () => false,
    )
  )
    break;
  await new Promise((resolve) => setTimeout(resolve, 25));
}

t.test('sign in at the example site through the portal, then sign out at the portal', async (t) => {
  const member = await createActiveMember(stack);
  const portalBrowser = await signIn(stack, member);
  const siteBrowser = createClient(site);
  const start = await siteBrowser.get('/login');
  const back = await followPortal(portalBrowser, stack.bffUrl, start.headers.get('location')!);
  t.equal(back.url.pathname, '/cb');
  await siteBrowser.get(back.url.pathname + back.url.search);
  t.match((await siteBrowser.get('/')).text, `Signed in as Ada Lovelace (${member.email})`);
  await portalBrowser.get('/api/Member/Logout');
  t.match((await siteBrowser.get('/')).text, 'Sign in with your member account', 'signed out there by back-channel');
});
