import t from 'tap';
import { auditSchemeFile } from './axe-journey.ts';

// 0 axe violations in the dark scheme (test/e2e/axe-journey.ts); the light one is design-axe.test.ts.
await auditSchemeFile(t, 'dark');
