import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from '../helper.ts';

/** The part of a tap test object the provider needs. */
interface TeardownTarget {
  teardown(fn: () => unknown): void;
}

export interface ProviderAccount {
  sub: string;
  email: string;
  name: string;
  /** The provider's `email_verified` claim; true unless said otherwise. */
  emailVerified?: boolean;
}

export interface LocalOidcProvider {
  issuer: string;
  /** GOOGLE_* or LINKEDIN_* environment variables pointing the portal at this provider (prefix 'GOOGLE' | 'LINKEDIN'). */
  env(prefix: 'GOOGLE' | 'LINKEDIN'): Record<string, string>;
  /** The account that signs in at the next authorization request. */
  signInAs(account: ProviderAccount): void;
  /** Follows the provider's redirects (as a browser would) and returns where it sends the browser back to. */
  authorize(authorizationUrl: string): Promise<URL>;
}

export const OIDC_CLIENT_ID = 'portal-client';
export const OIDC_CLIENT_SECRET = 'portal-client-secret';

/**
 * A real OpenID provider (oidc-provider) on a loopback port, standing in for Google or
 * LinkedIn: authorization code flow, token endpoint with client secret, userinfo. The login and
 * consent steps are answered at once for the account chosen with signInAs.
 */
export async function startOidcProvider(t: TeardownTarget, redirectUris: string[]): Promise<LocalOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, ProviderAccount>();
  let next: ProviderAccount | undefined;
  const ttl = () => 600;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account
        ? {
            accountId: sub,
            claims: async () => ({ sub, email: account.email, email_verified: account.emailVerified ?? true, name: account.name }),
          }
        : undefined;
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => false },
    ttl: { Interaction: ttl, Grant: ttl, Session: ttl, AccessToken: ttl, IdToken: ttl, AuthorizationCode: ttl },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  });
  const callback = provider.callback();

  const server: Server = createServer((req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const account = next;
      if (!account) {
        await provider.interactionFinished(req, res, { error: 'access_denied' }, { mergeWithLastSubmission: false });
        return;
      }
      accounts.set(account.sub, account);
      const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));

  return {
    issuer,
    env: (prefix) => ({
      [`${prefix}_CLIENT_ID`]: OIDC_CLIENT_ID,
      [`${prefix}_CLIENT_SECRET`]: OIDC_CLIENT_SECRET,
      [`${prefix}_AUTHORIZATION_URL`]: `${issuer}/auth`,
      [`${prefix}_TOKEN_URL`]: `${issuer}/token`,
      [`${prefix}_USERINFO_URL`]: `${issuer}/me`,
    }),
    signInAs(account) {
      next = account;
    },
    async authorize(authorizationUrl) {
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10 && url.origin === issuer; hop += 1) {
        const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
        for (const line of response.headers.getSetCookie()) {
          const pair = line.split(';')[0] ?? '';
          jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`provider stopped at ${url.pathname} with ${response.status}: ${await response.text()}`);
        url = new URL(location, url);
      }
      return url;
    },
  };
}
