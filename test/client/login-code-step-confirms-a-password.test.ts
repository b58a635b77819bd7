import { readdirSync, readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import t from 'tap';
import { OtpVerifyType } from '../../shared/enums.ts';

/**
 * The login screen's code step, when a password sign-in answered `confirmbycode`: it says why a
 * code is asked for on top of the password, and a plain code sign-in does not.
 */
const window = new Window({ url: 'http://localhost/en/login' });
Object.assign(globalThis, { window, document: window.document, navigator: window.navigator, HTMLElement: window.HTMLElement });
t.teardown(() => window.happyDOM.close());

const { createElement } = await import('react');
const { render, cleanup } = await import('@testing-library/react');
const i18next = (await import('i18next')).default;
const { initReactI18next } = await import('react-i18next');
const { CodeVerifyForm } = await import('../../client/pages/login/code-verify-form.tsx');

const dir = new URL('../../locales/en/', import.meta.url);
const english = Object.fromEntries(
  readdirSync(dir).map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as unknown]),
);
await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: english } }, react: { useSuspense: false } });
const why = (english.login as { code: { confirmPassword: string } }).code.confirmPassword;

function renderStep(confirmingPassword: boolean) {
  const sent = { userId: 'ada@example.com', otpVerifyType: OtpVerifyType.Email, resendEndsAt: Date.now() + 180_000, confirmingPassword };
  return render(
    createElement(CodeVerifyForm, {
      sent,
      onSubmit: async () => undefined,
      onResend: async () => undefined,
      onUseEmail: async () => undefined,
      onPasswordLogin: () => undefined,
    }),
  );
}

t.test('after confirmbycode the code step says why the mailbox code is needed', async (t) => {
  const view = renderStep(true);
  t.ok(view.queryByText(why), 'the reason is shown');
  t.ok(view.queryByText(/ada@example\.com/), 'and where the code went');
  cleanup();
});

t.test('a sign-in by code alone shows no such reason', async (t) => {
  const view = renderStep(false);
  t.notOk(view.queryByText(why));
  cleanup();
});
