import t from 'tap';
import { isPasswordAcceptable, passwordChecks, validateNewPassword } from '../../shared/rules/password.ts';

t.test('each checklist item tracks its own rule', async (t) => {
  t.same(passwordChecks(''), { length: false, lowercase: false, uppercase: false, digit: false, allowedCharacters: false });
  t.same(passwordChecks('abcdefgh'), { length: true, lowercase: true, uppercase: false, digit: false, allowedCharacters: true });
  t.same(passwordChecks('Abcdefg1'), { length: true, lowercase: true, uppercase: true, digit: true, allowedCharacters: true });
  t.equal(passwordChecks('Abcdef1 x').allowedCharacters, false, 'space is not an allowed character');
  t.equal(passwordChecks('Abcdef1_x').allowedCharacters, false, 'underscore is not allowed');
  t.equal(passwordChecks('Abcdef1!@#$%^&*-').allowedCharacters, true, 'every listed symbol is allowed');
});

t.test('length is 8 to 100', async (t) => {
  t.notOk(isPasswordAcceptable('Abcde12'));
  t.ok(isPasswordAcceptable('Abcdef12'));
  t.ok(isPasswordAcceptable('Ab1' + 'x'.repeat(97)));
  t.notOk(isPasswordAcceptable('Ab1' + 'x'.repeat(98)));
});

t.test('registration and change use their own keys', async (t) => {
  t.same(validateNewPassword({}, 'register'), { password: 'PasswordRequired', confirmPassword: 'ConfirmPasswordRequired' });
  t.same(validateNewPassword({}, 'change'), { password: 'NewPasswordRequired', confirmPassword: 'ComfirmNewPasswordRequired' });
  t.same(validateNewPassword({ password: 'Abcdef12', confirmPassword: 'Abcdef13' }, 'register'), {
    confirmPassword: 'PasswordDoesntMatch',
  });
  t.same(validateNewPassword({ password: 'Abcdef12', confirmPassword: 'Abcdef13' }, 'change'), { confirmPassword: 'PasswordDontMatch' });
  t.same(validateNewPassword({ password: 'weak', confirmPassword: 'weak' }, 'register'), { password: 'PasswordFormat' });
  t.same(validateNewPassword({ password: 'Abcdef12', confirmPassword: 'Abcdef12', oldPassword: 'Abcdef12' }, 'change'), {
    password: 'PasswordSameAsOld',
  });
  t.same(validateNewPassword({ password: 'Abcdef12', confirmPassword: 'Abcdef12' }, 'register'), {});
});
