/**
 * Renders every screen in the six languages at desktop and phone size, light and dark, into one
 * folder with an index page, so a reviewer can look at all of them side by side.
 *
 *   npm run screens [-- --out data/screens --langs ja-jp,ko-kr --screens login,register]
 *
 * It runs the real portal and member service on loopback ports (temporary data, removed at the
 * end) with the client built afresh, and signs in a fresh member for the member screens.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LANGUAGES, type Language } from '../shared/languages.ts';
import { launchBrowser } from '../test/e2e/browser.ts';
import { builtClientDir } from '../test/e2e/client-build.ts';
import { createActiveMember, startStack, type Stack } from '../test/helper.ts';
import { exactLabel, textsOf } from '../test/e2e/texts.ts';

interface Screen {
  name: string;
  /** The path after /{lang}/. */
  path: string;
  member?: boolean;
  /** Brings the screen into the state to show (a lock, a code sent), after it has loaded. */
  prepare?: (page: Page, lang: Language, stack: Stack) => Promise<void>;
}

/** Signs in with a wrong password until the account locks: the countdown and the disabled Sign in. */
async function lockOut(page: Page, lang: Language, stack: Stack): Promise<void> {
  const text = textsOf(lang);
  const member = await createActiveMember(stack);
  await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
  for (let i = 0; i < 5; i += 1) {
    await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
    await page.getByLabel(exactLabel(text('login.password'))).fill('Wrong-password-1');
    await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
    await page.locator('.alert--error').waitFor();
    await page.waitForFunction(() => !document.querySelector('button[aria-busy="true"]'));
  }
}

/** Asks for a text code for an account without a proven number: the code screen's phone state. */
async function phoneCode(page: Page, lang: Language, stack: Stack): Promise<void> {
  const text = textsOf(lang);
  const member = await createActiveMember(stack);
  await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByRole('button', { name: text('login.code.switch') }).click();
  await page.getByRole('radio', { name: text('login.code.byPhone') }).check();
  await page.getByRole('button', { name: text('login.code.getCode') }).click();
  await page.getByRole('button', { name: text('login.code.useEmail') }).waitFor();
}

/** Then the code by e-mail: "Check your e-mail". */
async function emailCode(page: Page, lang: Language, stack: Stack): Promise<void> {
  await phoneCode(page, lang, stack);
  await page.getByRole('button', { name: textsOf(lang)('login.code.useEmail') }).click();
  await page.getByRole('heading', { level: 1, name: textsOf(lang)('login.code.checkEmail') }).waitFor();
}

/** An empty submit: the error summary at the top and every field's message. */
async function registerErrors(page: Page, lang: Language): Promise<void> {
  await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: textsOf(lang)('register.submit'), exact: true }).click();
  await page.locator('.error-summary').waitFor();
}

/** Korea chosen: its consent block (agree to all, terms with View, the table, marketing e-mails). */
async function registerKorea(page: Page, lang: Language): Promise<void> {
  await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
  await page.getByLabel(exactLabel(textsOf(lang)('register.country'))).selectOption({ value: 'South Korea' });
  await page.locator('.consent--all').waitFor();
}

const SCREENS: Screen[] = [
  { name: 'login', path: 'login' },
  { name: 'login-mya', path: 'login?pass=mya' },
  { name: 'login-company-site', path: 'login?callbackurl=https%3A%2F%2Fshop.example.com%2F' },
  { name: 'login-locked', path: 'login', prepare: lockOut },
  { name: 'login-code-phone', path: 'login', prepare: phoneCode },
  { name: 'login-code-email', path: 'login', prepare: emailCode },
  { name: 'not-found', path: 'no-such-page' },
  { name: 'register', path: 'register' },
  { name: 'register-errors', path: 'register', prepare: registerErrors },
  { name: 'register-korea', path: 'register', prepare: registerKorea },
  { name: 'forgot-password', path: 'forgot-password' },
  { name: 'reset-password', path: 'reset-password' },
  { name: 'password-reset-link-expired', path: 'password-reset-link-expired' },
  { name: 'password-changed', path: 'password-changed' },
  { name: 'verify-your-email-address', path: 'verify-your-email-address' },
  { name: 'resend-verify-mail', path: 'resend-verify-mail' },
  { name: 'redirect-page', path: 'redirect-page' },
  { name: 'error', path: 'error' },
  { name: 'error-activated', path: 'error?error=activated' },
  { name: 'error-unauthorized', path: 'error?error=unauthorized' },
  { name: 'confirm-subscription', path: 'confirm-subscription' },
  { name: 'my-account', path: 'my-account', member: true },
  { name: 'choosing-preferring', path: 'choosing-preferring', member: true },
  { name: 'change-password', path: 'change-password', member: true },
];

const SIZES = { desktop: { width: 1280, height: 900 }, phone: { width: 360, height: 740 } } as const;
const SCHEMES = ['light', 'dark'] as const;
type Size = keyof typeof SIZES;
type Scheme = (typeof SCHEMES)[number];

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'data/screens' },
    langs: { type: 'string' },
    screens: { type: 'string' },
  },
});
const outDir = path.resolve(values.out!);
const langs = (values.langs?.split(',') ?? LANGUAGES) as Language[];
const screens = values.screens ? SCREENS.filter((screen) => values.screens!.split(',').includes(screen.name)) : SCREENS;

const teardowns: Array<() => unknown> = [];
const lifetime = { teardown: (fn: () => unknown) => teardowns.unshift(fn) };

const fileOf = (screen: Screen, lang: Language, size: Size, scheme: Scheme) => `${screen.name}/${lang}-${size}-${scheme}.png`;

async function newContext(browser: Browser, stack: Stack, size: Size, scheme: Scheme): Promise<BrowserContext> {
  return browser.newContext({ baseURL: stack.bffUrl, viewport: SIZES[size], colorScheme: scheme, deviceScaleFactor: 1 });
}

async function signIn(page: Page, member: { email: string; password: string }): Promise<void> {
  const reply = await page.request.post('/api/Member/Login', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    data: { userId: member.email, password: member.password },
  });
  if (!reply.ok()) throw new Error(`sign-in failed: ${reply.status()}`);
}

async function shoot(page: Page, screen: Screen, lang: Language, file: string, stack: Stack): Promise<void> {
  await page.goto(`/${lang}/${screen.path}`);
  await screen.prepare?.(page, lang, stack);
  await page.waitForLoadState('networkidle');
  // Screens show a spinner first; the shot waits for the heading that replaces it.
  await page
    .locator('main h1, main h2')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await page.screenshot({ path: path.join(outDir, file), fullPage: true });
}

function indexHtml(): string {
  const columns = (Object.keys(SIZES) as Size[]).flatMap((size) => SCHEMES.map((scheme) => ({ size, scheme })));
  const sections = screens.map((screen) => {
    const rows = langs.map((lang) => {
      const cells = columns.map(({ size, scheme }) => {
        const file = fileOf(screen, lang, size, scheme);
        return `<td><a href="${file}"><img src="${file}" alt="${screen.name}, ${lang}, ${size}, ${scheme}" loading="lazy"></a></td>`;
      });
      return `<tr><th scope="row">${lang}</th>${cells.join('')}</tr>`;
    });
    const head = columns.map(({ size, scheme }) => `<th scope="col">${size}, ${scheme}</th>`).join('');
    return `<section id="${screen.name}"><h2>${screen.name}</h2><table><tr><td></td>${head}</tr>${rows.join('')}</table></section>`;
  });
  const nav = screens.map((screen) => `<a href="#${screen.name}">${screen.name}</a>`).join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Portal screens</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1rem; }
table { border-collapse: collapse; }
td, th { vertical-align: top; padding: 4px; border: 1px solid #ccc; }
img { width: 240px; display: block; }
</style></head><body>
<h1>Portal screens: ${screens.length} screens, ${langs.length} languages, desktop and phone, light and dark</h1>
<p>Generated ${new Date().toISOString()}. Select a picture for full size.</p>
<nav>${nav}</nav>
${sections.join('\n')}
</body></html>
`;
}

async function main() {
  const stack = await startStack(lifetime, {
    env: {
      CLIENT_DIR: await builtClientDir(),
      ALLOWED_CALLBACK_HOSTS: 'shop.example.com',
      CALLBACK_SITE_NAMES: 'shop.example.com=Shop',
      // One address asks for every lock and code shown: the per-address limits would stop it.
      LOGIN_FAILURES_PER_IP: '10000',
      OTP_RATE_LIMIT_PER_MINUTE: '10000',
      RATE_LIMIT_PER_MINUTE: '100000',
      REGISTER_RATE_LIMIT_PER_MINUTE: '10000',
      // Configured (never called here): the sign-in card shows the three providers.
      GOOGLE_CLIENT_ID: 'screens-google',
      GOOGLE_CLIENT_SECRET: 'screens-google-secret',
      FACEBOOK_APP_ID: 'screens-facebook',
      FACEBOOK_APP_SECRET: 'screens-facebook-secret',
      LINKEDIN_CLIENT_ID: 'screens-linkedin',
      LINKEDIN_CLIENT_SECRET: 'screens-linkedin-secret',
    },
  });
  const member = await createActiveMember(stack);
  const browser = await launchBrowser(lifetime);
  for (const screen of screens) await mkdir(path.join(outDir, screen.name), { recursive: true });

  for (const size of Object.keys(SIZES) as Size[]) {
    for (const scheme of SCHEMES) {
      for (const asMember of [false, true]) {
        const todo = screens.filter((screen) => (screen.member ?? false) === asMember);
        if (todo.length === 0) continue;
        const context = await newContext(browser, stack, size, scheme);
        const page = await context.newPage();
        if (asMember) await signIn(page, member);
        for (const lang of langs) {
          for (const screen of todo) {
            const file = fileOf(screen, lang, size, scheme);
            await shoot(page, screen, lang, file, stack);
            console.log(file);
          }
        }
        await context.close();
      }
    }
  }
  await writeFile(path.join(outDir, 'index.html'), indexHtml());
  console.log(`\n${path.join(outDir, 'index.html')}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const fn of teardowns) await fn();
    // The in-process member service keeps timers; nothing else is left to wait for.
    process.exit();
  });
