import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { freePort } from '../helper.ts';

interface TeardownTarget {
  teardown(fn: () => unknown): void;
}

export interface GraphUser {
  id: string;
  name: string;
  email: string;
}

export const GRAPH_APP_ID = '1234567890';
export const GRAPH_APP_SECRET = 'graph-app-secret';

export interface LocalGraphApi {
  url: string;
  /** FACEBOOK_* environment variables pointing the portal at this server. */
  env(): Record<string, string>;
  /** The user that signs in at the next dialog; `tokenApp` makes the code's token one issued to another app. */
  signInAs(user: GraphUser, options?: { tokenApp?: string }): void;
  /** Follows the dialog redirect and returns where it sends the browser back to. */
  authorize(authorizationUrl: string): Promise<URL>;
}

const random = () => randomBytes(18).toString('base64url');

/**
 * A local stand-in for Facebook's login dialog and Graph API: /dialog/oauth, /oauth/access_token
 * (client secret checked, codes single-use), /debug_token (which app a token belongs to) and /me.
 */
export async function startGraphApi(t: TeardownTarget): Promise<LocalGraphApi> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const codes = new Map<string, { user: GraphUser; redirectUri: string; tokenApp: string }>();
  const tokens = new Map<string, { user: GraphUser; app: string }>();
  let next: { user: GraphUser; tokenApp: string } | undefined;

  const app = Fastify();
  const graphError = (message: string) => ({ error: { message, type: 'OAuthException', code: 190 } });

  app.get<{ Querystring: Record<string, string> }>('/dialog/oauth', async (request, reply) => {
    const { client_id: clientId, redirect_uri: redirectUri, state } = request.query;
    if (clientId !== GRAPH_APP_ID || !redirectUri) return reply.code(400).send(graphError('Invalid app'));
    const back = new URL(redirectUri);
    if (!next) {
      back.search = new URLSearchParams({ error: 'access_denied', state: state ?? '' }).toString();
      return reply.redirect(back.href);
    }
    const code = random();
    codes.set(code, { user: next.user, redirectUri, tokenApp: next.tokenApp });
    back.search = new URLSearchParams({ code, state: state ?? '' }).toString();
    return reply.redirect(back.href);
  });

  app.get<{ Querystring: Record<string, string> }>('/oauth/access_token', async (request, reply) => {
    const { client_id: clientId, client_secret: secret, redirect_uri: redirectUri, code } = request.query;
    const issued = code ? codes.get(code) : undefined;
    if (code) codes.delete(code);
    if (clientId !== GRAPH_APP_ID || secret !== GRAPH_APP_SECRET || !issued || issued.redirectUri !== redirectUri) {
      return reply.code(400).send(graphError('Invalid verification code'));
    }
    const token = random();
    tokens.set(token, { user: issued.user, app: issued.tokenApp });
    return { access_token: token, token_type: 'bearer', expires_in: 3600 };
  });

  app.get<{ Querystring: Record<string, string> }>('/debug_token', async (request, reply) => {
    if (request.query.access_token !== `${GRAPH_APP_ID}|${GRAPH_APP_SECRET}`) return reply.code(400).send(graphError('Invalid app token'));
    const token = tokens.get(request.query.input_token ?? '');
    if (!token) return { data: { is_valid: false } };
    return { data: { app_id: token.app, is_valid: true, user_id: token.user.id, type: 'USER' } };
  });

  app.get<{ Querystring: Record<string, string> }>('/me', async (request, reply) => {
    const token = tokens.get(request.query.access_token ?? '');
    if (!token) return reply.code(400).send(graphError('Invalid OAuth access token'));
    return { id: token.user.id, name: token.user.name, email: token.user.email };
  });

  await app.listen({ host: '127.0.0.1', port });
  t.teardown(() => app.close());

  return {
    url,
    env: () => ({
      FACEBOOK_APP_ID: GRAPH_APP_ID,
      FACEBOOK_APP_SECRET: GRAPH_APP_SECRET,
      FACEBOOK_AUTHORIZATION_URL: `${url}/dialog/oauth`,
      FACEBOOK_GRAPH_URL: url,
    }),
    signInAs(user, options = {}) {
      next = { user, tokenApp: options.tokenApp ?? GRAPH_APP_ID };
    },
    async authorize(authorizationUrl) {
      const response = await fetch(authorizationUrl, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (!location) throw new Error(`dialog answered ${response.status}`);
      return new URL(location);
    },
  };
}
