import t from 'tap';
import { createElement as h, type ReactNode } from 'react';
import { installDom } from './dom.ts';

/**
 * The login screen's three forms keep their values in the inputs (client/ui/native-form.ts), not
 * in react-final-form, and must behave as the other forms do: the rules of shared/rules/login.ts,
 * an error shown once its field was changed and left or after a submit, aria-invalid and
 * aria-describedby on the input, the focus on the first field in error, the button busy while
 * the sign-in runs, a refused password emptied and focused for the next try.
 */
await installDom(t, 'http://localhost:3000/en/login?pass=shop');
// wouter's location hooks listen on the window the DOM was installed with.
Object.assign(globalThis, {
  history: window.history,
  addEventListener: window.addEventListener.bind(window),
  removeEventListener: window.removeEventListener.bind(window),
});
const { render, screen, waitFor, cleanup, fireEvent } = await import('@testing-library/react');
const { Router } = await import('wouter');
const { OtpVerifyType } = await import('../../../shared/enums.ts');
const { PasswordForm } = await import('../../../client/pages/login/password-form.tsx');
const { CodeRequestForm } = await import('../../../client/pages/login/code-request-form.tsx');
const { CodeVerifyForm } = await import('../../../client/pages/login/code-verify-form.tsx');
t.afterEach(() => cleanup());

const inRouter = (child: ReactNode) => render(h(Router, { base: '/en', children: child }));
const until = (condition: () => boolean) =>
  waitFor(
    () => {
      if (!condition()) throw new Error('not yet');
    },
    { timeout: 5_000 },
  );
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** The message the input names in aria-describedby, if it is marked invalid. */
const shownError = (field: HTMLInputElement) => {
  if (field.getAttribute('aria-invalid') !== 'true') return undefined;
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent).find(Boolean) ?? undefined;
};
const type = (field: HTMLInputElement, value: string) => fireEvent.change(field, { target: { value } });

t.test('password mode: an empty submit names both fields, marks them invalid and focuses the first', async (t) => {
  const submitted: unknown[] = [];
  inRouter(h(PasswordForm, { email: '', onSubmit: async (values) => (submitted.push(values), false), onCodeLogin: () => undefined }));
  const email = input('E-mail or account ID');
  t.equal(shownError(email), undefined, 'no error before anything was done');
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await until(() => document.activeElement === email);
  t.equal(shownError(email), 'Please enter an e-mail address or account ID.');
  t.equal(shownError(input('Password')), 'Please enter a password.');
  t.same(submitted, [], 'nothing is sent');

  type(email, 'ada@example.com');
  await until(() => shownError(email) === undefined);
  t.pass('after a submit the message follows each keystroke');
});

t.test('a field only passed through stays quiet; changed and left, it shows its error', async (t) => {
  inRouter(h(PasswordForm, { email: '', onSubmit: async () => false, onCodeLogin: () => undefined }));
  const email = input('E-mail or account ID');
  const password = input('Password');
  fireEvent.focus(password);
  fireEvent.blur(password);
  await new Promise((resolve) => setTimeout(resolve, 20));
  t.equal(shownError(password), undefined, 'focused and left unchanged: no message');
  type(email, 'x'.repeat(51));
  await new Promise((resolve) => setTimeout(resolve, 20));
  t.equal(shownError(email), undefined, 'changed but not left yet: no message');
  fireEvent.blur(email);
  await until(() => shownError(email) !== undefined);
  t.match(shownError(email), /50/, 'changed and left: the length rule speaks');
});

t.test('a valid sign-in sends the values; a refused password is emptied and focused, the ID kept', async (t) => {
  const submitted: unknown[] = [];
  let answer: (refused: boolean) => void = () => undefined;
  inRouter(
    h(PasswordForm, {
      email: 'kept@example.com',
      onSubmit: (values) => {
        submitted.push(values);
        return new Promise<boolean>((resolve) => (answer = resolve));
      },
      onCodeLogin: () => undefined,
    }),
  );
  const email = input('E-mail or account ID');
  const password = input('Password');
  t.equal(email.value, 'kept@example.com', 'the ID typed in another mode is kept');
  type(password, 'wrong password');
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await until(() => submitted.length === 1);
  t.same(submitted, [{ email: 'kept@example.com', password: 'wrong password' }]);
  await until(() => screen.getByRole('button', { name: /Sign in/ }).getAttribute('aria-busy') === 'true');
  t.pass('busy while the sign-in runs');

  answer(true);
  await until(() => password.value === '' && document.activeElement === password);
  t.equal(email.value, 'kept@example.com', 'the ID stays');
  t.equal(shownError(password), undefined, 'the emptied password is not an error until the next submit');
  t.notOk(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('aria-busy'), 'usable again');
});

t.test('the way to code sign-in takes the typed ID along; a lock disables Sign in', async (t) => {
  const taken: string[] = [];
  inRouter(
    h(PasswordForm, {
      email: '',
      onSubmit: async () => false,
      onCodeLogin: (typed) => taken.push(typed),
      lockedUntil: Date.now() + 60_000,
    }),
  );
  t.ok(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled'), 'Sign in waits for the lock');
  type(input('E-mail or account ID'), 'ada@example.com');
  fireEvent.click(screen.getByRole('button', { name: 'Use a one-time code instead' }));
  t.same(taken, ['ada@example.com']);
});

t.test('code mode: the ID rule, then the code goes to the chosen delivery', async (t) => {
  const asked: unknown[] = [];
  inRouter(
    h(CodeRequestForm, {
      email: '',
      otpVerifyType: OtpVerifyType.Email,
      onTypeChange: () => undefined,
      onSubmit: async (values) => void asked.push(values),
      onPasswordLogin: () => undefined,
    }),
  );
  const email = input('E-mail or account ID');
  fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
  await until(() => document.activeElement === email);
  t.equal(shownError(email), 'Please enter an e-mail address or account ID.');
  type(email, 'ada@example.com');
  fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
  await until(() => asked.length === 1);
  t.same(asked, [{ email: 'ada@example.com' }]);
});

t.test('verify mode: an empty code is refused with its message; a code is sent', async (t) => {
  const codes: unknown[] = [];
  inRouter(
    h(CodeVerifyForm, {
      sent: { userId: 'ada@example.com', otpVerifyType: OtpVerifyType.Email, resendEndsAt: Date.now() + 60_000 },
      onSubmit: async (values) => void codes.push(values),
      onResend: async () => undefined,
      onUseEmail: async () => undefined,
      onPasswordLogin: () => undefined,
    }),
  );
  const code = input('Verification code');
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await until(() => document.activeElement === code);
  t.equal(shownError(code), 'Please enter the verification code.');
  t.same(codes, []);
  type(code, '123456');
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await until(() => codes.length === 1);
  t.same(codes, [{ code: '123456' }]);
});
