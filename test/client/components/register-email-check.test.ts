import t from 'tap';
import { createElement as h } from 'react';
import { installDom } from './dom.ts';

/**
 * Register asks the portal about an address once the member leaves the e-mail field: a taken
 * one is refused on the field at once, and a changed address is asked about afresh. The field,
 * the check and the e-mail rule of the register form, against a portal that knows one address.
 * (The portal's answer itself is tested in test/bff/first-slice.test.ts and
 * test/member-service/registration-rules.test.ts.)
 */
await installDom(t, 'http://localhost:3000/en/register');
const { render, screen, waitFor, cleanup, fireEvent } = await import('@testing-library/react');
const { Form } = await import('react-final-form');
const { SWRConfig } = await import('swr');
const { default: i18next } = await import('i18next');
const { EmailField } = await import('../../../client/pages/register/email-field.tsx');
const { useEmailCheck } = await import('../../../client/pages/register/use-email-check.ts');
const { validateRegistration } = await import('../../../shared/rules/registration.ts');
t.afterEach(() => cleanup());

const TAKEN = 'ada.taken@example.com';
const asked: string[] = [];
globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
  const { email } = JSON.parse(String(init?.body)) as { email: string };
  if (String(input) === '/api/Member/IsExist') asked.push(email);
  const body = { isSuccess: true, code: 'ok', data: { isExist: email === TAKEN } };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}) as typeof fetch;

const until = (condition: () => boolean) =>
  waitFor(
    () => {
      if (!condition()) throw new Error('not yet');
    },
    { timeout: 5_000 },
  );

/** The e-mail field with the register form's check and its rule for the field. */
function EmailOnly() {
  const check = useEmailCheck();
  return h(Form<{ email?: string }>, {
    onSubmit: () => undefined,
    validate: (values) => ({ email: validateRegistration(values, { emailStatus: check.statusOf(values.email) }).email }),
    render: () => h('form', null, h(EmailField, { checking: check.checking, onLeave: check.check }), h('input', { 'aria-label': 'Next' })),
  });
}

const field = () => screen.getByRole('textbox', { name: new RegExp(`^${i18next.t('register.email')}`) }) as HTMLInputElement;
const leave = (value: string) => {
  fireEvent.focus(field());
  fireEvent.change(field(), { target: { value } });
  fireEvent.blur(field());
};
const takenMessage = i18next.t('error.EmailExists');

t.test('a taken address is refused on the field once it is left; a changed one is asked about afresh', async (t) => {
  render(h(SWRConfig, { value: { provider: () => new Map() } }, h(EmailOnly)));
  leave(TAKEN);
  await until(() => field().getAttribute('aria-invalid') === 'true');
  t.same(asked, [TAKEN], 'the portal is asked once the field is left');
  t.ok(document.body.textContent?.includes(takenMessage), 'the field says the address is taken');

  const free = 'grace.free@example.com';
  leave(free);
  await until(() => asked.length === 2);
  await until(() => field().getAttribute('aria-invalid') !== 'true');
  t.same(asked, [TAKEN, free], 'the new address is asked about');
  t.notOk(document.body.textContent?.includes(takenMessage), 'a free address is accepted');

  leave(TAKEN);
  await until(() => field().getAttribute('aria-invalid') === 'true');
  t.same(asked, [TAKEN, free], 'an address already answered is not asked about again');
});
