import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { profileContract } from '../../../shared/contract/profile.ts';
import type { Language } from '../../../shared/languages.ts';
import type { Upstream } from '../upstream.ts';
import { INTERACTION_PATH } from './paths.ts';
import type { PortalSignIn } from './portal-session.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** Marks, in the interaction's own stored result, that choosing-preferring was shown for it. */
const ASKED = 'preferencesAsked';

/**
 * Choosing preferences on the way to a company site, as the ticket hand-off has it (the sign-in
 * result code `preferring`): a member who has chosen nothing yet and signed in for this site's
 * sign-in sees choosing-preferring once; its Submit or Skip comes back to the interaction, which
 * then goes on to the site. Skip saves nothing, so the interaction remembers that it asked. A
 * member signed in before the site asked (single sign-on, prompt=none) is not asked here.
 */
export function preferencesStep(provider: Provider, upstream: Upstream) {
  async function stillToChoose(signIn: PortalSignIn): Promise<boolean> {
    const result = await upstream.call(profileContract.get, { token: signIn.memberToken });
    return result.body.isSuccess === true && result.body.data?.preferring === true;
  }

  /** Where the browser goes first, or undefined when the sign-in may go on to the site now. */
  return async function firstAsk(
    request: FastifyRequest,
    reply: FastifyReply,
    interaction: Interaction,
    signIn: PortalSignIn,
    lang: Language,
  ): Promise<string | undefined> {
    if (interaction.result?.[ASKED] === true || signIn.authTime < interaction.iat) return undefined;
    if (!(await stillToChoose(signIn))) return undefined;
    await provider.interactionResult(request.raw, reply.raw, { [ASKED]: true }, { mergeWithLastSubmission: false });
    const back = `${INTERACTION_PATH}/${interaction.uid}`;
    return `/${lang}/choosing-preferring?callbackurl=${encodeURIComponent(back)}`;
  };
}
