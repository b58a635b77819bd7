import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Clock } from '../../common/clock.ts';
import { ALLOWED_DURING_PASSWORD_CHANGE } from '../plugins/session.ts';
import type { MemberAccounts } from './accounts.ts';
import type { ConsentOwners } from './consent-owners.ts';
import { errorHtml } from './pages.ts';
import { portalSignIn, type PortalSignIn } from './portal-session.ts';
import { INTERACTION_PATH } from './paths.ts';
import { oidcLanguage } from './oidc-language.ts';
import { preferencesStep } from './preferences-step.ts';
import type { Upstream } from '../upstream.ts';

type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

export interface InteractionRouteOptions {
  provider: Provider;
  accounts: MemberAccounts;
  firstParty: Set<string>;
  owners: ConsentOwners;
  upstream: Upstream;
  clock: Clock;
}

/**
 * Whether the portal's sign-in answers the request: prompt=login wants one made after the site
 * asked, max_age one no older than it says. Anything else takes the sign-in the browser has.
 */
function freshEnough(signIn: PortalSignIn, details: InteractionDetails, nowSeconds: number): boolean {
  const reasons = new Set(details.prompt.reasons);
  if (reasons.has('login_prompt') && signIn.authTime < details.iat) return false;
  const maxAge = Number(details.params.max_age);
  if (reasons.has('max_age') && Number.isFinite(maxAge) && nowSeconds - signIn.authTime > maxAge) return false;
  return true;
}

/**
 * The provider's interactions are the portal's own screens. Login: without a (fresh enough)
 * portal sign-in, the browser goes to /{lang}/login, which returns here after any way in;
 * with one, the provider session takes the member's subject, how and when they signed in.
 * Consent: a first-party site is granted what it asked for at once; for any other site the
 * member answers the portal's consent screen, in this browser's portal session. A member who
 * signed in for this site and has chosen no preferences yet is asked for them first (preferences-step.ts).
 */
export default async function interactionRoute(
  app: FastifyInstance,
  { provider, accounts, firstParty, owners, upstream, clock }: InteractionRouteOptions,
) {
  const preferences = preferencesStep(provider, upstream);

  async function finish(request: FastifyRequest, reply: FastifyReply, result: Record<string, unknown>, merge: boolean) {
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: merge });
  }

  async function grantConsent(request: FastifyRequest, reply: FastifyReply, details: InteractionDetails, lang: string) {
    const accountId = details.session?.accountId;
    const clientId = String(details.params.client_id);
    if (!accountId) return finish(request, reply, { error: 'login_required' }, false);
    if (!firstParty.has(clientId)) {
      // A third-party site waits for the member's own Allow, asked in the portal session that signed in here.
      const signIn = portalSignIn(request);
      if (!signIn || (await accounts.subjectOf(signIn.memberId)) !== accountId)
        return finish(request, reply, { error: 'login_required' }, false);
      // The provider's clock, not the portal's: the question lasts as long as the interaction.
      await owners.bind(details.uid, signIn.sessionId, details.exp - Math.floor(Date.now() / 1000));
      return reply.redirect(`/${lang}/site-consent/${details.uid}`, 303);
    }
    const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    return finish(request, reply, { consent: { grantId } }, true);
  }

  app.get<{ Params: { uid: string } }>(
    `${INTERACTION_PATH}/:uid`,
    // A session that must change its password is sent to sign in, where the change comes first.
    { config: ALLOWED_DURING_PASSWORD_CHANGE },
    async (request, reply) => {
      let details: InteractionDetails;
      try {
        details = await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        // A live sign-in another browser started: its site waits there, with its own state and
        // PKCE. A member who signed in here (activated here) goes on at the portal instead.
        const signIn = portalSignIn(request);
        if (signIn && (await provider.Interaction.find(request.params.uid)))
          return reply.redirect(await preferences.withoutSite(signIn, oidcLanguage(request)), 303);
        // No such interaction (expired, made up): nothing to continue.
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(errorHtml(oidcLanguage(request)));
      }
      if (details.uid !== request.params.uid)
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(errorHtml(oidcLanguage(request)));
      const lang = oidcLanguage(request, details.params.ui_locales);
      if (details.prompt.name === 'consent') return grantConsent(request, reply, details, lang);

      const signIn = portalSignIn(request);
      if (!signIn || !freshEnough(signIn, details, Math.floor(clock.now() / 1000))) {
        const back = `${INTERACTION_PATH}/${details.uid}`;
        await preferences.sentToSignIn(request, reply, details);
        return reply.redirect(`/${lang}/login?callbackurl=${encodeURIComponent(back)}`, 303);
      }
      const subject = await accounts.subjectOf(signIn.memberId);
      if (!subject) return finish(request, reply, { error: 'access_denied' }, false);
      const ask = await preferences.firstAsk(request, reply, details, signIn, lang);
      if (ask) return reply.redirect(ask, 303);
      return finish(
        request,
        reply,
        { login: { accountId: subject, ts: signIn.authTime, remember: true, ...(signIn.amr.length > 0 ? { amr: signIn.amr } : {}) } },
        false,
      );
    },
  );
}
