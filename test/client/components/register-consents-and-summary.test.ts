import t from 'tap';
import { createElement as h } from 'react';
import { installDom } from './dom.ts';

// The register form's parts that carry its rules of presentation: consents as checkboxes, the
// optional marker, and the error summary after a failed submit, rendered in happy-dom.
await installDom(t, 'http://localhost:3000/en/register');
const { render, screen, waitFor, cleanup, fireEvent } = await import('@testing-library/react');
const { Form } = await import('react-final-form');
const { Field } = await import('../../../client/ui/field.tsx');
const { ErrorSummary } = await import('../../../client/ui/error-summary.tsx');
const { ConsentCheckbox } = await import('../../../client/pages/register/consent-checkbox.tsx');
const { withSubscribeAnswer } = await import('../../../client/pages/register/privacy-answers.ts');
t.afterEach(() => cleanup());

const until = (condition: () => boolean) =>
  waitFor(
    () => {
      if (!condition()) throw new Error('not yet');
    },
    { timeout: 5_000 },
  );

interface Values {
  firstName?: string;
  telExt?: string;
  isGlobalAgreePolicy?: boolean;
  isSubscribe?: boolean;
}

/** A small form with the register form's rules for these fields. */
function renderForm(onSubmit: (values: Values) => void) {
  const validate = (values: Values) => {
    const checked = withSubscribeAnswer(values);
    return {
      firstName: values.firstName ? undefined : 'FirstNameRequired',
      isGlobalAgreePolicy: checked.isGlobalAgreePolicy === true ? undefined : 'QuestionRequired',
      isSubscribe: typeof checked.isSubscribe === 'boolean' ? undefined : 'QuestionRequired',
    };
  };
  return render(
    h(Form<Values>, {
      onSubmit: (values: Values) => onSubmit(withSubscribeAnswer(values)),
      validate,
      render: ({ handleSubmit }) =>
        h(
          'form',
          { onSubmit: handleSubmit, noValidate: true },
          h(ErrorSummary),
          h(Field, { name: 'firstName', label: 'register.firstName', required: true }),
          h(Field, { name: 'telExt', label: 'register.telExt', optional: true }),
          h(ConsentCheckbox, {
            name: 'isGlobalAgreePolicy',
            required: true,
            summaryLabel: 'register.sections.privacy',
            children: 'I agree to the privacy policy.',
          }),
          h(ConsentCheckbox, { name: 'isSubscribe', children: 'Send me news.' }),
          h('button', { type: 'submit' }, 'Create account'),
        ),
    }),
  );
}

t.test('only the optional field is marked, and no label carries an asterisk', async (t) => {
  renderForm(() => undefined);
  t.equal(screen.getByText('Extension').textContent, 'Extension(optional)', 'the extension says it is optional');
  t.equal(screen.getByText('First name').textContent, 'First name', 'a required field is not starred');
  t.notOk(document.body.textContent?.includes('*'), 'no asterisk anywhere');
});

t.test('an empty submit lists each problem at the top; each entry takes the focus to its field', async (t) => {
  let submitted: Values | undefined;
  renderForm((values) => (submitted = values));
  t.equal(document.querySelector('.error-summary'), null, 'no summary before a submit');
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  await until(() => document.querySelectorAll('.error-summary li').length === 2);
  const entries = [...document.querySelectorAll('.error-summary li')].map((item) => item.textContent);
  t.same(entries, ['First name', 'Privacy'], 'by name, in the order of the form');
  t.equal(screen.getByRole('heading', { name: 'Please check these fields' }).tagName, 'H2');
  t.equal(submitted, undefined, 'nothing was sent');

  fireEvent.click(screen.getByRole('link', { name: /Privacy/ }));
  t.equal(document.activeElement, screen.getByRole('checkbox', { name: 'I agree to the privacy policy.' }), 'the consent has the focus');
  fireEvent.click(screen.getByRole('link', { name: /First name/ }));
  t.equal(document.activeElement, screen.getByRole('textbox', { name: 'First name' }), 'the first name has the focus');

  fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), { target: { value: 'Ada' } });
  await until(() => document.querySelectorAll('.error-summary li').length === 1);
  t.pass('a fixed field leaves the list');
  fireEvent.click(screen.getByRole('checkbox', { name: 'I agree to the privacy policy.' }));
  await until(() => document.querySelector('.error-summary') === null);
  t.pass('the summary goes when nothing is left');

  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  await until(() => submitted !== undefined);
  t.match(submitted, { firstName: 'Ada', isGlobalAgreePolicy: true, isSubscribe: false }, 'an unticked subscription is sent as no');
});

t.test('a required consent taken back is not given, and asks for agreement', async (t) => {
  renderForm(() => undefined);
  const consent = screen.getByRole('checkbox', { name: 'I agree to the privacy policy.' });
  fireEvent.click(consent);
  fireEvent.click(consent);
  await until(() => screen.queryByText('Please agree to continue.') !== null);
  t.equal(consent.getAttribute('aria-invalid'), 'true');
  t.match(consent.getAttribute('aria-describedby') ?? '', /error/, 'the message is tied to the box');
});
