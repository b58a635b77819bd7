import type { BrowserContext, Page } from 'playwright-core';

/** How long no request may be open before the page counts as quiet. */
const QUIET_MS = 150;

interface OpenRequests {
  open: number;
  /** When a request last started or ended. */
  changedAt: number;
}

const counted = new WeakMap<BrowserContext, OpenRequests>();

/** Counts the requests of every page of the context from now on (call it as the context is made). */
export function countRequests(context: BrowserContext): BrowserContext {
  const requests: OpenRequests = { open: 0, changedAt: Date.now() };
  const change = (by: number) => () => {
    requests.open += by;
    requests.changedAt = Date.now();
  };
  context.on('request', change(1));
  context.on('requestfinished', change(-1));
  context.on('requestfailed', change(-1));
  counted.set(context, requests);
  return context;
}

/**
 * Waits until none of the page's requests has been open for QUIET_MS: its reads have come in and
 * nothing new started. Playwright's `networkidle` waits a fixed 500 ms after the last request,
 * a third of a second more at each of the hundreds of screens the browser tests settle on. A
 * context whose requests are not counted (made outside launchBrowser's browser) falls back to it.
 */
export async function requestsQuiet(page: Page): Promise<void> {
  const requests = counted.get(page.context());
  if (!requests) return page.waitForLoadState('networkidle');
  await page.waitForLoadState('load');
  for (;;) {
    const quietFor = Date.now() - requests.changedAt;
    if (requests.open <= 0 && quietFor >= QUIET_MS) return;
    await new Promise((resolve) => setTimeout(resolve, requests.open > 0 ? 20 : QUIET_MS - quietFor));
  }
}
