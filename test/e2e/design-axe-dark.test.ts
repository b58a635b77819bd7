import t from 'tap';
import { auditScheme, startSocialStack } from './axe-journey.ts';
import { launchBrowser } from './browser.ts';

// 0 axe violations in the dark scheme's screens and states (test/e2e/axe-journey.ts); the light
// ones, and My account without Connected accounts, are in design-axe.test.ts.
// Many screens in one real browser: more than the default two minutes on a busy machine.
t.setTimeout(480_000);
const stack = await startSocialStack(t);
const browser = await launchBrowser(t);

t.test('dark: the main screens and states', (t) => auditScheme(t, browser, stack, 'dark'));
