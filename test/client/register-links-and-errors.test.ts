import t from 'tap';
import { loginLinkSearch } from '../../client/pages/register/login-link.ts';
import { registerFailure, registerFieldOf } from '../../client/pages/register/server-errors.ts';

t.test('the login link keeps the query string', async (t) => {
  t.equal(loginLinkSearch(''), '');
  t.equal(loginLinkSearch('?pass=rma&utm_source=x'), '?pass=rma&utm_source=x');
  t.equal(loginLinkSearch('?callbackurl=https%3A%2F%2Fa.example.com%2F'), '?callbackurl=https%3A%2F%2Fa.example.com%2F');
});

t.test('CallBackLoginURL becomes CallBackURL in place and wins over another callback', async (t) => {
  t.equal(
    loginLinkSearch('?pass=rma&CallBackLoginURL=https%3A%2F%2Fa.example.com&x=1'),
    '?pass=rma&CallBackURL=https%3A%2F%2Fa.example.com&x=1',
  );
  t.equal(
    loginLinkSearch('?callbackurl=https%3A%2F%2Fb.example.com&callbackloginurl=https%3A%2F%2Fa.example.com'),
    '?CallBackURL=https%3A%2F%2Fa.example.com',
  );
  t.equal(loginLinkSearch('?CALLBACKLOGINURL=one&CallBackLoginURL=two'), '?CallBackURL=one', 'the first occurrence wins');
});

t.test('server field names map to form fields, case-insensitively and through aliases', async (t) => {
  t.equal(registerFieldOf('FirstName', 'Form_Required'), 'firstName');
  t.equal(registerFieldOf('vatnumber', 'Form_Length'), 'VATNumber');
  t.equal(registerFieldOf('memberExtension.address', 'Form_Length'), 'Address');
  t.equal(registerFieldOf('userId', 'Form_Format'), 'email');
  t.equal(registerFieldOf(undefined, 'Form_MobileNumber_Invalid'), 'mobile');
  t.equal(registerFieldOf('somethingElse', 'Form_Required'), undefined);
  t.equal(registerFieldOf(undefined, 'FormValidateFail'), undefined);
});

t.test('EmailExists and ContactHR mark the e-mail field and give one toast', async (t) => {
  t.same(registerFailure({ code: 'EmailExists' }), {
    fieldErrors: { email: 'EmailExists' },
    toasts: [{ messageKey: 'error.EmailExists' }],
  });
  t.same(registerFailure({ code: 'ContactHR' }).fieldErrors, { email: 'ContactHR' });
});

t.test('a list of problems gives one toast per item and field messages where a field is shown', async (t) => {
  const failure = registerFailure({
    code: 'FormValidateFail',
    errors: [
      { field: 'telNo', code: 'Form_PhoneNumber_Invalid' },
      { field: 'lastName', code: 'LastNameRequired' },
      { code: 'Form_ReCaptcha_Invalid' },
      { field: 'unknown', code: 'Form_Required' },
    ],
  });
  t.same(failure.fieldErrors, { telNo: 'Form_PhoneNumber_Invalid', lastName: 'LastNameRequired', captchaToken: 'Form_ReCaptcha_Invalid' });
  t.same(
    failure.toasts.map((toast) => toast.messageKey),
    ['error.Form_PhoneNumber_Invalid', 'error.LastNameRequired', 'error.Form_ReCaptcha_Invalid', 'error.Form_Required'],
  );
});

t.test('a server title wins over the mapped message', async (t) => {
  t.same(registerFailure({ code: 'servererror', title: 'Maintenance until 10:00' }), {
    fieldErrors: {},
    toasts: [{ messageKey: 'error.servererror', text: 'Maintenance until 10:00' }],
  });
});
