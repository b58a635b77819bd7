import t from 'tap';
import { startStack } from '../helper.ts';
import { auditEmptyConnectedAccounts, auditScheme, startSocialStack } from './axe-journey.ts';
import { launchBrowser } from './browser.ts';
import { builtClientDir } from './client-build.ts';

// 0 axe violations (test/e2e/axe-journey.ts): the light scheme's screens and states, and My account
// without Connected accounts in both schemes. The dark scheme's screens and states are in
// design-axe-dark.test.ts, so that two jobs can share them; that file needs only one portal.
// Many screens in one real browser: more than the default two minutes on a busy machine.
t.setTimeout(480_000);
const stack = await startSocialStack(t);
const plain = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);

t.test('light: the main screens and states', (t) => auditScheme(t, browser, stack, 'light'));
for (const scheme of ['light', 'dark'] as const) {
  t.test(`${scheme}: Connected accounts with no provider configured`, (t) => auditEmptyConnectedAccounts(t, browser, plain, scheme));
}
