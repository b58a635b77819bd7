import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import Provider, { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import { DEFAULT_LANGUAGE } from '../../../shared/languages.ts';
import type { BffConfig } from '../config.ts';
import type { KeyValueStore } from '../store/key-value-store.ts';
import type { MemberAccounts } from './accounts.ts';
import type { OidcClientConfig } from './client-config.ts';
import type { OidcConfig } from './oidc-config.ts';
import { memberGrants } from './member-grants.ts';
import { oidcAuthorizationsTotal, oidcTokensIssuedTotal } from './oidc-metrics.ts';
import { errorPage, logoutPage, signedOutPage } from './pages.ts';
import { pairwiseSubject } from './pairwise-subject.ts';
import { portalRequestOf } from './portal-request.ts';
import type { SessionLinks } from './session-links.ts';
import { storeAdapter } from './store-adapter.ts';

import { INTERACTION_PATH, OIDC_PREFIX } from './paths.ts';

const ROUTES = {
  authorization: `${OIDC_PREFIX}/auth`,
  token: `${OIDC_PREFIX}/token`,
  userinfo: `${OIDC_PREFIX}/me`,
  jwks: `${OIDC_PREFIX}/jwks`,
  end_session: `${OIDC_PREFIX}/session/end`,
  revocation: `${OIDC_PREFIX}/token/revocation`,
};

const MINUTE = 60;
const DAY = 24 * 3600;

/** The provider's view of a configured site; first_party stays ours (read through firstPartyClients). */
function providerClient(client: OidcClientConfig, pairwise: boolean) {
  const { first_party: _firstParty, backchannel_logout_uri, ...metadata } = client;
  return {
    ...metadata,
    ...(pairwise ? { subject_type: 'pairwise' } : {}),
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    ...(backchannel_logout_uri ? { backchannel_logout_uri, backchannel_logout_session_required: true } : {}),
  };
}

export interface ProviderParts {
  config: BffConfig;
  oidc: OidcConfig;
  store: KeyValueStore;
  accounts: MemberAccounts;
  links: SessionLinks;
  log: FastifyBaseLogger;
}

const langOf = (ctx: KoaContextWithOIDC) => portalRequestOf(ctx.req)?.lang ?? DEFAULT_LANGUAGE;

/**
 * The login prompt also asks for the portal: a provider session counts only while the portal
 * session it was made under lives and is this browser's. Otherwise the member signs in at the
 * portal again, or, with prompt=none, the site hears login_required.
 */
function loginPolicy(links: SessionLinks) {
  const { Check, base } = interactionPolicy;
  const policy = base();
  policy.get('login')!.checks.add(
    new Check('portal_session', 'the portal sign-in behind this session has ended', 'login_required', async (ctx) => {
      const { session, result } = ctx.oidc;
      // Just answered at the portal (signed in, or consent given in the portal session the question was filed under).
      if (!session?.accountId || result?.login || result?.consent) return Check.NO_NEED_TO_PROMPT;
      const signIn = portalRequestOf(ctx.req)?.signIn;
      if (!signIn) return Check.REQUEST_PROMPT;
      return (await links.holds(signIn.sessionId, session.jti)) ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
    }),
    0,
  );
  return policy;
}

/**
 * The grant behind an authorization: this provider session's, else the one the member gave the
 * site before. A first-party site is granted what it asks for without a consent step, so single
 * sign-on to it (prompt=none included) needs no interaction.
 */
async function existingGrant(ctx: KoaContextWithOIDC, firstParty: Set<string>, store: KeyValueStore) {
  const { client, session, result, provider } = ctx.oidc;
  if (!client || !session) return undefined;
  const grantId = (result as { consent?: { grantId?: string } } | undefined)?.consent?.grantId ?? session.grantIdFor(client.clientId);
  let found = grantId ? await provider.Grant.find(grantId) : undefined;
  // A third-party site the member allowed before (in any browser) asks nothing again, until the
  // member removes it in Connected sites.
  if (!found && session.accountId)
    found = (await memberGrants(provider, store, session.accountId)).find(({ grant }) => grant.clientId === client.clientId)?.grant;
  if (!firstParty.has(client.clientId) || !session.accountId) return found;
  const grant =
    found && found.accountId === session.accountId
      ? found
      : new provider.Grant({ accountId: session.accountId, clientId: client.clientId });
  grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(' '));
  const claims = [...ctx.oidc.requestParamClaims];
  if (claims.length > 0) grant.addOIDCClaims(claims);
  await grant.save();
  return grant;
}

/** Ids of the clients configured as the company's own sites. */
export function firstPartyClients(oidc: OidcConfig): Set<string> {
  return new Set(oidc.clients.filter((client) => client.first_party).map((client) => client.client_id));
}

/** The portal as an OpenID Provider: issuer PUBLIC_ORIGIN, code flow with S256 PKCE only, keys and storage of the portal. */
export function createProvider({ config, oidc, store, accounts, links, log }: ProviderParts): Provider {
  const firstParty = firstPartyClients(oidc);
  const knownClients = new Set(oidc.clients.map((client) => client.client_id));
  const clientLabel = (ctx: KoaContextWithOIDC) => {
    const id = ctx.oidc?.client?.clientId;
    return id && knownClients.has(id) ? id : 'unknown';
  };

  const provider = new Provider(config.publicOrigin, {
    adapter: storeAdapter(store),
    clients: oidc.clients.map((client) => providerClient(client, oidc.pairwiseSalt !== undefined)),
    ...(oidc.pairwiseSalt ? { subjectTypes: ['pairwise'], pairwiseIdentifier: pairwiseSubject(oidc.pairwiseSalt) } : {}),
    jwks: { keys: oidc.signingKeys },
    // Derived from the session secret, so that every instance reads the others' cookies.
    cookies: { keys: [createHmac('sha256', config.sessionSecret).update('oidc-cookies').digest('base64url')] },
    findAccount: (_ctx: unknown, subject: string) => accounts.find(subject),
    claims: {
      // auth_time and amr ride with openid, so every ID token carries them (sid always does).
      openid: ['sub', 'auth_time', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'locale'],
      phone: ['phone_number', 'phone_number_verified'],
    },
    scopes: ['openid', 'offline_access', 'email', 'profile', 'phone'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    enabledJWA: {
      idTokenSigningAlgValues: ['RS256', 'ES256'],
      userinfoSigningAlgValues: ['RS256', 'ES256'],
      requestObjectSigningAlgValues: ['RS256', 'ES256'],
    },
    clientDefaults: {
      id_token_signed_response_alg: 'RS256',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    },
    routes: ROUTES,
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          const clientId = ctx.oidc.client?.clientId;
          const confirmed = ctx.oidc.entities.IdTokenHint !== undefined && clientId !== undefined && firstParty.has(clientId);
          logoutPage(ctx, langOf(ctx), form, confirmed);
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => signedOutPage(ctx, langOf(ctx)),
      },
    },
    // A rotated refresh token used again is refused and ends its grant (oidc-provider's reuse rule).
    rotateRefreshToken: true,
    ttl: {
      AccessToken: 10 * MINUTE,
      AuthorizationCode: MINUTE,
      IdToken: 10 * MINUTE,
      Interaction: 30 * MINUTE,
      // No longer than the portal session it is made under (the login check holds it to that one).
      Session: config.sessionAbsoluteSeconds,
      Grant: 30 * DAY,
      RefreshToken: 30 * DAY,
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${INTERACTION_PATH}/${interaction.uid}`,
      policy: loginPolicy(links),
    },
    // The provider's only outgoing requests go to the operator's own back-channel URIs (clients
    // come from configuration, never from dynamic registration or request URIs), which may sit
    // on a private network: the guard against special-use addresses is for URLs strangers give.
    fetch: (url: string | URL, options: RequestInit & { dispatcher?: unknown }) => {
      const { dispatcher: _guard, ...rest } = options;
      return fetch(url, rest);
    },
    loadExistingGrant: (ctx: KoaContextWithOIDC) => existingGrant(ctx, firstParty, store),
    renderError: async (ctx: KoaContextWithOIDC) => errorPage(ctx, langOf(ctx)),
  });
  // Behind a TLS proxy (TRUST_PROXY), endpoint URLs and cookie flags follow X-Forwarded-*.
  provider.proxy = config.trustProxy !== false;

  const authorized = new WeakSet<object>();
  provider.on('authorization.success', (ctx: KoaContextWithOIDC) => {
    authorized.add(ctx);
    oidcAuthorizationsTotal.inc({ client: clientLabel(ctx), result: 'success' });
  });
  provider.on('authorization.error', (ctx: KoaContextWithOIDC, error: { error?: string }) => {
    oidcAuthorizationsTotal.inc({ client: clientLabel(ctx), result: error.error ?? 'server_error' });
  });
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    oidcTokensIssuedTotal.inc({ grant_type: String(ctx.oidc.params?.grant_type ?? 'unknown') });
  });
  // Through the portal's log, whose redaction masks tokens and query strings.
  provider.on('server_error', (_ctx: KoaContextWithOIDC, err: Error) => log.error({ err }, 'OpenID Provider failure'));
  const endedSessions = new WeakSet<object>();
  provider.on('end_session.success', (ctx: KoaContextWithOIDC) => endedSessions.add(ctx));

  // Before the reply leaves: a site's sign-in is filed under the portal session, and a confirmed
  // RP-initiated logout ends the portal session too.
  provider.use(async (ctx, next) => {
    await next();
    const portal = portalRequestOf(ctx.req);
    const signIn = portal?.signIn;
    if (!portal || !signIn || ctx.oidc === undefined) return;
    const { session, client } = ctx.oidc;
    if (authorized.has(ctx) && session?.accountId && client) {
      await links.add(signIn.sessionId, {
        clientId: client.clientId,
        sid: session.sidFor(client.clientId),
        accountId: session.accountId,
        providerSession: session.jti,
      });
    }
    // Only a sign-out of a provider session this portal session holds: a bare link from elsewhere
    // (no provider session, which the provider confirms without asking) never signs the member out here.
    if (endedSessions.has(ctx) && ctx.oidc.params?.logout && session && (await links.holds(signIn.sessionId, session.jti))) {
      // The provider already told the sites of its own session; the portal tells the rest.
      await links.forget(signIn.sessionId, session.jti);
      await portal.endPortalSession();
    }
  });
  return provider;
}
