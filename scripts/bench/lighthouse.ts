/**
 * Lighthouse's performance audit of one page, the way a phone on slow 4G sees it: mobile form
 * factor and Lighthouse's default (simulated) throttling, in Debian's Chromium. A score varies
 * from run to run, the more so on a loaded machine: the page is audited several times and the
 * median run counts, chosen the way Lighthouse itself does (computeMedianRun).
 */
import { launch } from 'chrome-launcher';
import { existsSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import type { Result } from 'lighthouse';

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
  /** The median run's score, and the lowest and highest of all runs. */
  score: number;
  lowest: number;
  highest: number;
  runs: number;
  fcpMs: number;
  lcpMs: number;
}

const scoreOf = (lhr: Result) => Math.round((lhr.categories.performance?.score ?? 0) * 100);

/** The median of `runs` audits of the page. */
export async function audit(url: string, cookie: string | undefined, runs: number): Promise<LighthouseResult> {
  // The tests use Chromium's headless shell; Lighthouse measures the browser a phone user has.
  if (!existsSync(CHROME_PATH)) throw new Error(`Lighthouse needs Debian's Chromium at ${CHROME_PATH}: apt-get install chromium`);
  const results: Result[] = [];
  for (let run = 0; run < runs; run += 1) results.push(await auditWithRetries(url, cookie));
  const median = computeMedianRun(results);
  const scores = results.map(scoreOf);
  const numeric = (id: string) => median.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: scoreOf(median),
    lowest: Math.min(...scores),
    highest: Math.max(...scores),
    runs,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART and the like); those runs are retried. */
async function auditWithRetries(url: string, cookie?: string, attempts = 3): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, cookie);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`  Lighthouse failed on ${url} (${error instanceof Error ? error.message : error}); again`);
    }
  }
}

async function auditOnce(url: string, cookie?: string): Promise<Result> {
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
    return lhr;
  } finally {
    chrome.kill();
  }
}
