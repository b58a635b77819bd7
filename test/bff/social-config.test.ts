import t from 'tap';
import { loadBffConfig } from '../../server/bff/config.ts';
import { buildBff } from '../helper.ts';

const base = {
  DATA_DIR: '/tmp/portal-social-config-test',
  SESSION_SECRET: 's'.repeat(40),
  UPSTREAM_SERVICE_KEY: 'k'.repeat(20),
  PASSWORD_ENCODING_KEY: 'a'.repeat(64),
};

t.test('providers are configuration: id and secret together, http(s) endpoints', async (t) => {
  t.same(loadBffConfig(base).social, {}, 'none by default');
  t.throws(() => loadBffConfig({ ...base, GOOGLE_CLIENT_ID: 'id' }), /GOOGLE_CLIENT_SECRET/);
  t.throws(() => loadBffConfig({ ...base, FACEBOOK_APP_SECRET: 'secret' }), /FACEBOOK_APP_ID/);
  t.throws(
    () => loadBffConfig({ ...base, LINKEDIN_CLIENT_ID: 'id', LINKEDIN_CLIENT_SECRET: 'x', LINKEDIN_TOKEN_URL: 'ftp://x' }),
    /LINKEDIN_TOKEN_URL/,
  );
  t.throws(() => loadBffConfig({ ...base, GOOGLE_CLIENT_ID: 'id with spaces', GOOGLE_CLIENT_SECRET: 'x' }), /GOOGLE_CLIENT_ID/);
  const config = loadBffConfig({
    ...base,
    GOOGLE_CLIENT_ID: 'gid',
    GOOGLE_CLIENT_SECRET: 'gsecret',
    FACEBOOK_APP_ID: '1',
    FACEBOOK_APP_SECRET: 'fsecret',
    FACEBOOK_GRAPH_URL: 'http://graph.local/v1/',
  });
  t.match(config.social.google, {
    clientId: 'gid',
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  });
  t.match(config.social.facebook, {
    tokenUrl: 'http://graph.local/v1/oauth/access_token',
    userinfoUrl: 'http://graph.local/v1/me',
    debugTokenUrl: 'http://graph.local/v1/debug_token',
  });
  t.equal(config.social.linkedin, undefined);
});

t.test('only configured providers are offered; an unconfigured one cannot be started', async (t) => {
  const { app } = await buildBff(t, {
    GOOGLE_CLIENT_ID: 'gid',
    GOOGLE_CLIENT_SECRET: 'gsecret',
    PUBLIC_ORIGIN: 'https://portal.example',
    TRUST_PROXY: '1',
  });
  const config = await app.inject({ method: 'GET', url: '/api/info/PortalConfig?lang=en' });
  t.same(config.json().data.socialTypes, [1]);
  const headers = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
  const facebook = await app.inject({
    method: 'POST',
    url: '/api/Member/SocialAuthorize',
    headers,
    payload: { socialType: 2, origin: 'login' },
  });
  t.equal(facebook.json().code, 'SocialNotConfigured');
  const started = await app.inject({
    method: 'POST',
    url: '/api/Member/SocialAuthorize',
    headers,
    payload: { socialType: 1, origin: 'register', lang: 'ko-kr' },
  });
  const url = new URL(started.json().data.authorizationUrl);
  t.equal(url.origin + url.pathname, 'https://accounts.google.com/o/oauth2/v2/auth');
  t.equal(url.searchParams.get('client_id'), 'gid');
  t.equal(url.searchParams.get('redirect_uri'), 'https://portal.example/ko-kr/social-login');
  t.equal(url.searchParams.get('response_type'), 'code');
  t.match(url.searchParams.get('state'), /^[A-Za-z0-9_-]{43}$/);
  t.notOk(url.searchParams.has('client_secret'), 'the secret stays in the portal');
  const noMarker = await app.inject({
    method: 'POST',
    url: '/api/Member/SocialAuthorize',
    headers: { 'content-type': 'application/json' },
    payload: { socialType: 1, origin: 'login' },
  });
  t.equal(noMarker.statusCode, 403, 'starting is CSRF-guarded like every state change');
});
