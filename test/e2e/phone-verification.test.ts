import t from 'tap';
import { createActiveMember, startStack } from '../helper.ts';
import { latestCodeTo } from '../helpers/text-messages.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { signInByApi } from './sign-in-by-api.ts';
import { textsOf } from './texts.ts';

t.test('My account, Japanese: the mobile number shows as not verified, a code by text message verifies it', async (t) => {
  const clientDir = await builtClientDir();
  const stack = await startStack(t, { env: { CLIENT_DIR: clientDir } });
  const browser = await launchBrowser(t);
  const member = await createActiveMember(stack);
  const page = await (await newContext(browser, stack.bffUrl, 'ja-JP')).newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const text = textsOf('ja-jp');

  // Signed in through the portal's API: the login form is not the subject here.
  await signInByApi(page.context(), member);
  await page.goto('/ja-jp/my-account');

  const security = page.getByRole('region', { name: text('account.security.title') });
  await security.getByText(text('account.phoneProof.label')).waitFor();
  t.match(
    await security.textContent(),
    `+49 15123456789 · ${text('account.phoneProof.notVerified')}`,
    'the number and that it is not verified',
  );
  t.ok(await security.getByText(text('account.phoneProof.why')).isVisible(), 'and why to verify it');

  await security.getByRole('button', { name: text('account.phoneProof.verify') }).click();
  await security
    .getByRole('status')
    .filter({ hasText: text('account.phoneProof.sent', { digits: '789', minutes: 10 }) })
    .waitFor();
  const code = await latestCodeTo(stack.dataDir, '+4915123456789');
  t.ok(await security.getByRole('button', { name: text('account.phoneProof.resend') }).isDisabled(), 'a new code only after the countdown');

  const input = security.getByLabel(text('account.phoneProof.code'));
  await input.fill(code === '000000' ? '111111' : '000000');
  await security.getByRole('button', { name: text('account.phoneProof.confirm') }).click();
  await security
    .getByRole('alert')
    .filter({ hasText: text('account.phoneProof.wrongCode') })
    .waitFor();
  t.equal(await input.getAttribute('aria-invalid'), 'true', 'a wrong code is announced at the field');

  await input.fill(code);
  await security.getByRole('button', { name: text('account.phoneProof.confirm') }).click();
  await page
    .getByRole('status')
    .filter({ hasText: text('account.phoneProof.done') })
    .waitFor();
  await security.getByText(`+49 15123456789 · ${text('account.phoneProof.verified')}`).waitFor();
  t.equal(await security.getByRole('button', { name: text('account.phoneProof.verify') }).count(), 0, 'verified: nothing left to do');
  t.same(errors, [], 'no script errors');
});
