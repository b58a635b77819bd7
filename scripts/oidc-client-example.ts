// A complete company site signing members in through the portal by OpenID Connect (README,
// "Single sign-on for company sites"). Its own dependencies: openid-client and jose.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';

const portal = new URL(process.env.PORTAL_URL ?? 'http://localhost:3000');
const site = process.env.SITE_URL ?? 'http://localhost:8080';
const options = portal.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined;
const secret = process.env.CLIENT_SECRET ?? '';
const config = await oidc.discovery(portal, process.env.CLIENT_ID ?? 'example', secret, oidc.ClientSecretBasic(secret), options);
const keys = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!));
const pending = new Map<string, { verifier: string; state: string; nonce: string }>();
const sessions = new Map<string, { name: string; email: string; sid: string; idToken: string; refreshToken?: string }>();

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', site);
  const id = /sid=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
  const go = (to: URL | string, cookie = `sid=${id}; HttpOnly; SameSite=Lax; Path=/`) =>
    res.writeHead(303, { location: String(to), 'set-cookie': cookie }).end();
  if (url.pathname === '/login') {
    const started = { verifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() };
    const key = randomUUID();
    pending.set(key, started);
    const challenge = await oidc.calculatePKCECodeChallenge(started.verifier);
    const scope = 'openid email profile offline_access';
    return go(
      oidc.buildAuthorizationUrl(config, {
        redirect_uri: `${site}/cb`,
        scope,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: started.state,
        nonce: started.nonce,
      }),
      `sid=${key}; HttpOnly; SameSite=Lax; Path=/`,
    );
  }
  if (url.pathname === '/cb' && pending.has(id)) {
    const { verifier, state, nonce } = pending.get(id)!;
    pending.delete(id);
    const tokens = await oidc.authorizationCodeGrant(config, url, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    const claims = tokens.claims()!;
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    sessions.set(id, {
      name: String(info.name ?? ''),
      email: String(info.email ?? ''),
      sid: String(claims.sid),
      idToken: tokens.id_token!,
      refreshToken: tokens.refresh_token,
    });
    return go('/');
  }
  if (url.pathname === '/backchannel' && req.method === 'POST') {
    let body = '';
    for await (const chunk of req) body += chunk;
    const token = new URLSearchParams(body).get('logout_token') ?? '';
    const { payload } = await jwtVerify(token, keys, {
      issuer: config.serverMetadata().issuer,
      audience: config.clientMetadata().client_id,
      typ: 'logout+jwt',
    });
    for (const [key, session] of sessions) if (session.sid === payload.sid) sessions.delete(key);
    return res.writeHead(200).end();
  }
  const session = sessions.get(id);
  if (url.pathname === '/logout' && session) {
    sessions.delete(id);
    return go(oidc.buildEndSessionUrl(config, { id_token_hint: session.idToken, post_logout_redirect_uri: `${site}/` }));
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    session
      ? `<p>Signed in as ${session.name} (${session.email})</p><a href="/logout">Sign out</a>`
      : '<a href="/login">Sign in with your member account</a>',
  );
}).listen(Number(new URL(site).port || 8080));
