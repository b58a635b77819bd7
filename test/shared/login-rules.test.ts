import t from 'tap';
import { validateCodeLogin, validateLogin, validateOtpCode } from '../../shared/rules/login.ts';
import { hasErrors } from '../../shared/rules/types.ts';

t.test('login fields are required and at most 50 characters', async (t) => {
  t.same(validateLogin({}), { email: 'LoginIdRequired', password: 'LoginPasswordRequired' });
  t.same(validateLogin({ email: 'x'.repeat(51), password: 'p'.repeat(51) }), { email: 'LengthErrorLoginId', password: 'LengthErrorPassword' });
  t.notOk(hasErrors(validateLogin({ email: 'jane@example.com', password: 'anything' })));
});

t.test('code login and the code itself', async (t) => {
  t.same(validateCodeLogin({ email: '' }), { email: 'LoginIdRequired' });
  t.same(validateOtpCode({ code: '   ' }), { code: 'CodeRequired' });
  t.same(validateOtpCode({ code: ' 123456 ' }), {}, 'the code is trimmed');
});
