import { createServer } from 'node:http';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import * as client from 'openid-client';
import { createActiveMember, freePort, signIn, type Stack, type TestClient } from '../helper.ts';

/** The part of a tap test object the sites need. */
interface TeardownTarget {
  teardown(fn: () => unknown): void;
}

/**
 * A member who has been here before: active, with preferences chosen, so a sign-in on the way to a
 * site goes straight on (a member with none chosen is asked for them first).
 */
export async function createReturningMember(stack: Stack) {
  const member = await createActiveMember(stack);
  const browser = await signIn(stack, member);
  const saved = await browser.patch('/api/member', { businessApplicationAreas: ['energy.ev-charging'], inProducts: ['networking'] });
  if (saved.body?.isSuccess !== true) throw new Error(`preferences not saved: ${saved.text}`);
  return member;
}

export const SITE_SECRET = 'site-secret-0123456789abcdef0123456789abcdef';

export interface SiteSpec {
  id: string;
  /** A public client (no secret, token_endpoint_auth_method none). */
  public?: boolean;
  firstParty?: boolean;
}

export interface RelyingSite {
  id: string;
  origin: string;
  redirectUri: string;
  postLogoutUri: string;
  /** Raw logout_token values the site received at its back-channel URI, in order. */
  logoutTokens: string[];
  /** The next logout_token (waits up to 5 s). */
  nextLogoutToken(): Promise<string>;
  metadata: Record<string, unknown>;
}

/**
 * Company sites on one loopback port, each with a callback path, a post-logout page and a
 * back-channel URI that records the logout tokens it receives (and answers 200 as the
 * specification asks). The browser side of a flow is driven by the tests themselves.
 */
export async function startRelyingSites(t: TeardownTarget, specs: SiteSpec[]): Promise<RelyingSite[]> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const waiting = new Map<string, Array<(token: string) => void>>();
  const sites = specs.map((spec): RelyingSite => {
    const tokens: string[] = [];
    return {
      id: spec.id,
      origin,
      redirectUri: `${origin}/${spec.id}/cb`,
      postLogoutUri: `${origin}/${spec.id}/signed-out`,
      logoutTokens: tokens,
      nextLogoutToken: () =>
        new Promise((resolve, reject) => {
          const seen = tokens.length;
          const timer = setTimeout(() => reject(new Error(`no logout_token at ${spec.id}`)), 5000);
          const list = waiting.get(spec.id) ?? [];
          list.push((token) => {
            if (tokens.length > seen) {
              clearTimeout(timer);
              resolve(token);
            }
          });
          waiting.set(spec.id, list);
        }),
      metadata: {
        client_id: spec.id,
        ...(spec.public ? { token_endpoint_auth_method: 'none' } : { client_secret: SITE_SECRET }),
        redirect_uris: [`${origin}/${spec.id}/cb`],
        post_logout_redirect_uris: [`${origin}/${spec.id}/signed-out`],
        backchannel_logout_uri: `${origin}/${spec.id}/backchannel`,
        first_party: spec.firstParty ?? true,
      },
    };
  });
  const server = createServer((req, res) => {
    const [, id, path] = (req.url ?? '').split('?')[0]!.split('/');
    const site = sites.find((candidate) => candidate.id === id);
    if (req.method === 'POST' && site && path === 'backchannel') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const token = new URLSearchParams(body).get('logout_token') ?? '';
        site.logoutTokens.push(token);
        for (const notify of waiting.get(site.id) ?? []) notify(token);
        waiting.delete(site.id);
        res.writeHead(200).end();
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`site ${id ?? ''}`);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return sites;
}

/** OIDC_CLIENTS for these sites. */
export const oidcClientsEnv = (sites: RelyingSite[]) => ({ OIDC_CLIENTS: JSON.stringify(sites.map((site) => site.metadata)) });

/** The site's openid-client configuration from the portal's discovery document. */
export async function siteClient(portal: string, site: RelyingSite): Promise<client.Configuration> {
  const isPublic = site.metadata.token_endpoint_auth_method === 'none';
  return client.discovery(
    new URL(portal),
    site.id,
    isPublic ? undefined : SITE_SECRET,
    isPublic ? client.None() : client.ClientSecretBasic(SITE_SECRET),
    { execute: [client.allowInsecureRequests] },
  );
}

export interface PendingSignIn {
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

/** An authorization request as a site builds it: S256 PKCE, state and nonce. */
export async function authorizationRequest(
  config: client.Configuration,
  site: RelyingSite,
  extra: Record<string, string> = {},
): Promise<PendingSignIn> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: site.redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url, verifier, state, nonce };
}

/**
 * Follows the portal's redirects as a browser would, with the browser's cookies, and stops at
 * the first address outside the portal (or a page that does not redirect).
 */
export async function followPortal(
  browser: TestClient,
  portal: string,
  start: URL | string,
): Promise<{ url: URL; status: number; text: string }> {
  let url = new URL(start, portal);
  for (let hop = 0; hop < 15; hop += 1) {
    if (url.origin !== new URL(portal).origin) return { url, status: 303, text: '' };
    const response = await browser.get(url.pathname + url.search, { headers: { 'x-requested-with': undefined, accept: 'text/html' } });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { url, status: response.status, text: response.text };
    url = new URL(location, url);
  }
  throw new Error('too many redirects');
}

/** The site redeems what came back to its callback: code, state, nonce and PKCE checked by openid-client. */
export async function redeem(config: client.Configuration, pending: PendingSignIn, callback: URL) {
  return client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: pending.verifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
  });
}

/** A logout token checked as a site must (OpenID Connect Back-Channel Logout 1.0, section 2.6). */
export async function verifyLogoutToken(portal: string, site: RelyingSite, token: string): Promise<JWTPayload> {
  const keys = createRemoteJWKSet(new URL('/oidc/jwks', portal));
  const { payload } = await jwtVerify(token, keys, { issuer: portal, audience: site.id, algorithms: ['RS256', 'ES256'] });
  const events = payload.events as Record<string, unknown> | undefined;
  if (!events || typeof events['http://schemas.openid.net/event/backchannel-logout'] !== 'object') throw new Error('no logout event');
  if ('nonce' in payload) throw new Error('a logout token carries no nonce');
  return payload;
}

/** The OAuth error a call of openid-client ended in ('none' when it succeeded); a failed resource request gives its status. */
export async function oauthErrorOf(call: Promise<unknown>): Promise<string> {
  return call.then(
    () => 'none',
    (err: { error?: string; status?: number; response?: { status?: number }; code?: string }) =>
      err.error ?? String(err.status ?? err.response?.status ?? err.code),
  );
}
