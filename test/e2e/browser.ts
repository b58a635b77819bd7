import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { countRequests } from './requests-quiet.ts';

/**
 * Debian's build of Chromium's headless shell: the same Blink as the browser without its
 * windowing layers, about 40% less CPU per page on a two-core machine.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Flags that keep it off the network it cannot reach. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Teardown {
  teardown(fn: () => unknown): void;
}

/**
 * Starts Chromium (with a throwaway profile of its own) and closes it when the test ends. Every
 * context it makes counts its requests, so that `requestsQuiet` knows when a page has settled.
 */
export async function launchBrowser(t: Teardown): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  t.teardown(() => browser.close());
  const makeContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => countRequests(await makeContext(options));
  return browser;
}

/** A fresh context (own cookies) with a browser language, on a phone-sized or desktop screen. */
export async function newContext(browser: Browser, baseURL: string, locale = 'en-US', phone = false): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale,
    viewport: phone ? { width: 375, height: 740 } : { width: 1280, height: 900 },
  });
}

/** A virtual platform authenticator (resident keys, user verification, always present) in the page's browser. */
export async function addPlatformAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
