import t from 'tap';
import { loadBffConfig } from '../../server/bff/config.ts';

const base = {
  DATA_DIR: '/tmp/portal-sign-in-config',
  SESSION_SECRET: 's'.repeat(32),
  UPSTREAM_SERVICE_KEY: 'k'.repeat(32),
  PASSWORD_ENCODING_KEY: 'a'.repeat(64),
};

t.test('code-sending limit and company-site keys come from the environment', async (t) => {
  const defaults = loadBffConfig(base);
  t.equal(defaults.otpRateLimitPerMinute, 5);
  t.same(defaults.ssoSiteKeys, [], 'no site can redeem tickets unless keys are set');
  const key = 'A'.repeat(32);
  const set = loadBffConfig({ ...base, OTP_RATE_LIMIT_PER_MINUTE: '12', SSO_SITE_KEYS: ` ${key} , ${'b_-9'.repeat(10)} ` });
  t.equal(set.otpRateLimitPerMinute, 12);
  t.same(set.ssoSiteKeys, [key, 'b_-9'.repeat(10)]);
  t.throws(() => loadBffConfig({ ...base, OTP_RATE_LIMIT_PER_MINUTE: '0' }), /OTP_RATE_LIMIT_PER_MINUTE/);
  t.throws(() => loadBffConfig({ ...base, SSO_SITE_KEYS: 'short' }), /SSO_SITE_KEYS/, 'a guessable key is refused');
});
