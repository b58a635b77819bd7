import type { Test } from 'tap';
import type { Browser, Page } from 'playwright-core';
import { createActiveMember, startStack, type Stack } from '../helper.ts';
import { violationsOn } from './axe.ts';
import { builtClientDir } from './client-build.ts';
import { contextAt } from './layout-checks.ts';
import { signInByApi } from './sign-in-by-api.ts';
import { exactLabel, textsOf } from './texts.ts';

const text = textsOf('en');

/** A portal with the three social providers configured (never called): the login screen shows their buttons. */
export async function startSocialStack(t: Test): Promise<Stack> {
  return startStack(t, {
    env: {
      CLIENT_DIR: await builtClientDir(),
      GOOGLE_CLIENT_ID: 'design-google',
      GOOGLE_CLIENT_SECRET: 'design-google-secret',
      FACEBOOK_APP_ID: 'design-facebook',
      FACEBOOK_APP_SECRET: 'design-facebook-secret',
      LINKEDIN_CLIENT_ID: 'design-linkedin',
      LINKEDIN_CLIENT_SECRET: 'design-linkedin-secret',
    },
  });
}

async function audit(t: Test, page: Page, what: string) {
  const violations = await violationsOn(page);
  t.same(violations, [], `${what}: no violations\n${violations.join('\n')}`);
}

/** '#161b22' as getComputedStyle writes it: 'rgb(22, 27, 34)'. */
const rgbOf = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

/**
 * axe-core's WCAG 2.1 AA rules (contrast included) in one colour scheme, as the system sets it
 * (prefers-color-scheme), on the main screens and states: social buttons, messages, toasts, the
 * delete dialog; on a desktop and on a 360-pixel phone. The page declares both schemes and the
 * theme colour of the scheme in use is the header's.
 */
export async function auditScheme(t: Test, browser: Browser, stack: Stack, scheme: 'light' | 'dark') {
  for (const width of [1280, 360]) {
    const page = await (await contextAt(browser, stack, width, scheme)).newPage();
    t.equal(
      await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches),
      scheme === 'dark',
      `${width}px: the page sees the ${scheme} scheme`,
    );
    await page.goto('/en/login');
    await audit(t, page, `${width}px login with social buttons`);
    const look = await page.evaluate(() => ({
      colorScheme: getComputedStyle(document.documentElement).colorScheme,
      themeColor: [...document.querySelectorAll('meta[name="theme-color"]')]
        .find((meta) => matchMedia(meta.getAttribute('media') ?? 'all').matches)
        ?.getAttribute('content'),
      header: getComputedStyle(document.querySelector('.site-header')!).backgroundColor,
    }));
    t.equal(look.colorScheme, 'light dark', 'the page declares both schemes');
    t.equal(look.header, rgbOf(look.themeColor ?? ''), `the ${scheme} theme colour is the header's`);
    await page.getByLabel(exactLabel(text('login.emailOrId'))).fill('nobody@example.com');
    await page.getByLabel(exactLabel(text('login.password'))).fill('Wrong-password-1');
    await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
    await page.locator('.alert--error').waitFor();
    await audit(t, page, `${width}px login refused`);

    await page.goto('/en/register');
    await page.getByLabel(exactLabel(text('register.country'))).selectOption({ value: 'Germany' });
    await page.getByRole('button', { name: text('register.submit') }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await audit(t, page, `${width}px register with messages`);

    if (width > 360) {
      for (const screen of ['redirect-page', 'confirm-subscription', 'forgot-password', 'verify-your-email-address', 'error']) {
        await page.goto(`/en/${screen}`);
        await audit(t, page, `${width}px ${screen}`);
      }
    }

    await signInByApi(page.context(), await createActiveMember(stack));
    await page.goto('/en/my-account');
    await page.getByRole('heading', { name: text('account.profile.title') }).waitFor();
    await audit(t, page, `${width}px my-account`);
    await page
      .getByRole('region', { name: text('account.subscription.title') })
      .getByRole('radio', { name: text('common.yes') })
      .check();
    await page.locator('.toast').first().waitFor();
    await audit(t, page, `${width}px my-account with a toast`);
    await page.getByRole('button', { name: text('account.delete.button'), exact: true }).click();
    await page.getByRole('alertdialog').waitFor();
    await audit(t, page, `${width}px delete dialog`);
    await page.context().close();
  }
}

/** Connected accounts on a portal with no provider configured: a note instead of cards that offer nothing. */
export async function auditEmptyConnectedAccounts(t: Test, browser: Browser, stack: Stack, scheme: 'light' | 'dark') {
  const page = await (await contextAt(browser, stack, 1280, scheme)).newPage();
  await signInByApi(page.context(), await createActiveMember(stack));
  await page.goto('/en/my-account');
  await page.getByRole('region', { name: text('account.download.title') }).waitFor();
  t.equal(
    await page.getByRole('region', { name: text('account.social.title') }).count(),
    0,
    'no provider configured and nothing linked: no Connected accounts to offer',
  );
  await audit(t, page, 'my-account without Connected accounts');
  await page.context().close();
}
