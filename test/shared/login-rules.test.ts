import t from 'tap';
import { validateCodeLogin, validateLogin, validateOtpCode } from '../../shared/rules/login.ts';
import { hasErrors } from '../../shared/rules/types.ts';

t.test('login fields are required; the ID has at most 50 characters, the password as many as the password rules allow', async (t) => {
  t.same(validateLogin({}), { email: 'LoginIdRequired', password: 'LoginPasswordRequired' });
  t.same(validateLogin({ email: 'x'.repeat(51), password: 'p'.repeat(101) }), {
    email: 'LengthErrorLoginId',
    password: 'LengthErrorPassword',
  });
  t.notOk(hasErrors(validateLogin({ email: 'x'.repeat(50), password: 'p'.repeat(100) })), 'a 100-character password is a sign-in password');
  t.notOk(hasErrors(validateLogin({ email: 'jane@example.com', password: 'anything' })));
});

t.test('code login and the code itself', async (t) => {
  t.same(validateCodeLogin({ email: '' }), { email: 'LoginIdRequired' });
  t.same(validateOtpCode({ code: '   ' }), { code: 'CodeRequired' });
  t.same(validateOtpCode({ code: ' 123456 ' }), {}, 'the code is trimmed');
});
