import t from 'tap';
import { startStack } from '../helper.ts';
import { auditEmptyConnectedAccounts, auditScheme, startSocialStack } from './axe-journey.ts';
import { launchBrowser } from './browser.ts';
import { builtClientDir } from './client-build.ts';

// 0 axe violations in both colour schemes (test/e2e/axe-journey.ts). Both schemes share one
// stack and one browser (each audit its own context and members): booting them is most of the
// cost. Many screens in one real browser: more than the default two minutes on a busy machine.
t.setTimeout(480_000);
const stack = await startSocialStack(t);
const plain = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);

for (const scheme of ['light', 'dark'] as const) {
  t.test(`${scheme}: the main screens and states`, (t) => auditScheme(t, browser, stack, scheme));

  t.test(`${scheme}: Connected accounts with no provider configured`, (t) => auditEmptyConnectedAccounts(t, browser, plain, scheme));
}
