import { readFileSync } from 'node:fs';

/**
 * A browser test: under test/e2e/, or a file that drives Chromium itself or through the e2e
 * helpers. Only these may be retried: a real browser on a loaded two-core machine can lose a
 * race that is not the portal's. Found from the file, so new browser tests need no list.
 */
export function isBrowserTest(file: string): boolean {
  if (file.startsWith('test/e2e/')) return true;
  try {
    return /from '[^']*(playwright-core|\/e2e\/[^']*)'/.test(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
}
