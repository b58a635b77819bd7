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
  t.same(defaults.ssoSites, [], 'no site can redeem tickets unless keys are set');
  const key = 'A'.repeat(32);
  const set = loadBffConfig({ ...base, OTP_RATE_LIMIT_PER_MINUTE: '12', SSO_SITE_KEYS: ` ${key} , ${'b_-9'.repeat(10)} ` });
  t.equal(set.otpRateLimitPerMinute, 12);
  t.same(set.ssoSites, [{ key }, { key: 'b_-9'.repeat(10) }], 'a key alone redeems any site’s tickets');
  const bound = loadBffConfig({ ...base, SSO_SITE_KEYS: `Shop.example.com=${key}, http://localhost:8080=${'c'.repeat(32)}` });
  t.same(
    bound.ssoSites,
    [
      { key, site: 'shop.example.com' },
      { key: 'c'.repeat(32), site: 'http://localhost:8080' },
    ],
    'a key after a callback entry and "=" is bound to that site',
  );
  t.throws(() => loadBffConfig({ ...base, SSO_SITE_KEYS: `shop example=${key}` }), /SSO_SITE_KEYS/, 'a malformed site is refused');
  t.throws(() => loadBffConfig({ ...base, OTP_RATE_LIMIT_PER_MINUTE: '0' }), /OTP_RATE_LIMIT_PER_MINUTE/);
  t.throws(() => loadBffConfig({ ...base, SSO_SITE_KEYS: 'short' }), /SSO_SITE_KEYS/, 'a guessable key is refused');
});
