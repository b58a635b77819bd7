import t from 'tap';
import { auditSchemeFile } from './axe-journey.ts';

// 0 axe violations in the light scheme (test/e2e/axe-journey.ts); the dark one is design-axe-dark.test.ts.
await auditSchemeFile(t, 'light');
