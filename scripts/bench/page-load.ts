/**
 * What a browser fetches to show one page: every request until the network is quiet, the
 * compressed bytes of its scripts, and the deepest chain of scripts that wait on each other
 * (a script found in the HTML, or preloaded by it, is level 1; one it imports is level 2).
 */
import type { Browser } from 'playwright-core';

export interface PageLoad {
  requests: number;
  scripts: number;
  /** Bytes of script bodies as sent (after content encoding). */
  scriptBytes: number;
  /** Bytes of the translation catalogue (JSON under /assets/) as sent. */
  catalogueBytes: number;
  importDepth: number;
  urls: string[];
}

interface Seen {
  url: string;
  type: string;
  initiatorUrl?: string;
  headerBytes: number;
  bodyBytes?: number;
}

export async function measurePageLoad(
  browser: Browser,
  url: string,
  cookies: Array<{ name: string; value: string; url: string }> = [],
): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'en-US' });
  try {
    if (cookies.length > 0) await context.addCookies(cookies);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const requests = new Map<string, Seen>();
    cdp.on('Network.requestWillBeSent', (event) => {
      const frame = event.initiator.stack?.callFrames[0]?.url ?? event.initiator.url;
      requests.set(event.requestId, {
        url: event.request.url,
        type: event.type ?? 'Other',
        initiatorUrl: event.initiator.type === 'parser' ? undefined : frame,
        headerBytes: 0,
      });
    });
    cdp.on('Network.responseReceived', (event) => {
      const seen = requests.get(event.requestId);
      if (!seen) return;
      seen.type = event.type;
      seen.headerBytes = event.response.encodedDataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const seen = requests.get(event.requestId);
      // What arrived minus the status line and headers: the body as sent.
      if (seen) seen.bodyBytes = event.encodedDataLength - seen.headerBytes;
    });
    await page.goto(url, { waitUntil: 'networkidle' });

    const all = [...requests.values()];
    const scripts = all.filter((r) => r.type === 'Script');
    const byUrl = new Map(scripts.map((r) => [r.url, r]));
    const depth = (r: Seen, guard = 0): number => {
      const parent = r.initiatorUrl ? byUrl.get(r.initiatorUrl) : undefined;
      return parent && parent !== r && guard < 20 ? 1 + depth(parent, guard + 1) : 1;
    };
    return {
      requests: all.length,
      scripts: scripts.length,
      scriptBytes: scripts.reduce((sum, r) => sum + (r.bodyBytes ?? 0), 0),
      catalogueBytes: all
        .filter((r) => /^\/assets\/[^/]+\.json$/.test(new URL(r.url).pathname))
        .reduce((sum, r) => sum + (r.bodyBytes ?? 0), 0),
      importDepth: Math.max(0, ...scripts.map((r) => depth(r))),
      urls: all.map((r) => `${r.type} ${new URL(r.url).pathname}${r.initiatorUrl ? ` <- ${new URL(r.initiatorUrl).pathname}` : ''}`),
    };
  } finally {
    await context.close();
  }
}
