import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { requestsQuiet } from './requests-quiet.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** The page as it has settled: its heading shown, its requests done, its fonts in. */
export async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await requestsQuiet(page);
  // A long page draws its parts one after another (My account), busy until all are in.
  await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
}

/**
 * axe-core's WCAG 2.1 A and AA rules on the whole document; each violation named by rule, impact
 * and element. The page's context needs `bypassCSP: true` so that axe can be injected.
 */
export async function violationsOn(page: Page): Promise<string[]> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const found = await page.evaluate(
    async (tags) =>
      (
        await (window as unknown as { axe: { run(d: Document, o: object): Promise<{ violations: Violation[] }> } }).axe.run(document, {
          runOnly: tags,
        })
      ).violations,
    WCAG_AA,
  );
  return found.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}
