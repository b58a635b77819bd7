import t from 'tap';
import { isCompanyDomain, validateEmail } from '../../shared/rules/email.ts';

t.test('format, length and presence', async (t) => {
  t.equal(validateEmail(''), 'EmailRequired');
  t.equal(validateEmail('   '), 'EmailRequired');
  t.equal(validateEmail('plainaddress'), 'EmailFormat');
  t.equal(validateEmail('a@b'), 'EmailFormat', 'a dotted domain is required');
  t.equal(validateEmail('a b@example.com'), 'EmailFormat');
  t.equal(validateEmail(`${'a'.repeat(90)}@example.com`), 'LengthErrorEmail');
  t.equal(validateEmail('Jane.Doe+news@example.co.uk'), undefined);
});

t.test('company domains include their subdomains only', async (t) => {
  const domains = ['corp.example'];
  t.ok(isCompanyDomain('someone@corp.example', domains));
  t.ok(isCompanyDomain('Someone@EU.Corp.Example', domains));
  t.notOk(isCompanyDomain('someone@notcorp.example', domains));
  t.notOk(isCompanyDomain('someone@corp.example.evil.test', domains));
  t.notOk(isCompanyDomain('someone@corp.example', ['', ' ']));
});
