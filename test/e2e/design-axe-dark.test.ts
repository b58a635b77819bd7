import t from 'tap';
import { startStack } from '../helper.ts';
import { auditEmptyConnectedAccounts, auditScheme, startSocialStack } from './axe-journey.ts';
import { launchBrowser } from './browser.ts';
import { builtClientDir } from './client-build.ts';

// 0 axe violations in the dark scheme (test/e2e/axe-journey.ts): many screens in one real
// browser, more than the default two minutes on a busy machine.
t.setTimeout(300_000);
const stack = await startSocialStack(t);
const browser = await launchBrowser(t);

t.test('the main screens and states', (t) => auditScheme(t, browser, stack, 'dark'));

t.test('Connected accounts with no provider configured', async (t) => {
  const plain = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
  await auditEmptyConnectedAccounts(t, browser, plain, 'dark');
});
