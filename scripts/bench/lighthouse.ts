/**
 * Lighthouse's performance audit of one page, the way a phone on slow 4G sees it: mobile form
 * factor and Lighthouse's default (simulated) throttling, in Debian's Chromium.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LighthouseResult {
  score: number;
  fcpMs: number;
  lcpMs: number;
  requests: number;
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART and the like); those runs are retried. */
export async function audit(url: string, cookie?: string, attempts = 3): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, cookie);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`  Lighthouse failed on ${url} (${error instanceof Error ? error.message : error}); again`);
    }
  }
}

async function auditOnce(url: string, cookie?: string): Promise<LighthouseResult> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // A signed-in page: the session cookie on every request, as the browser would send it.
      extraHeaders: cookie ? { cookie } : undefined,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items?.length ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      requests,
    };
  } finally {
    chrome.kill();
  }
}
