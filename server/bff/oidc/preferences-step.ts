import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { profileContract } from '../../../shared/contract/profile.ts';
import type { Language } from '../../../shared/languages.ts';
import type { Upstream } from '../upstream.ts';
import { INTERACTION_PATH } from './paths.ts';
import type { PortalSignIn } from './portal-session.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** Marks kept in the interaction's own stored result until it finishes. */
const SENT_TO_SIGN_IN = 'sentToSignIn';
const PREFERENCES_ASKED = 'preferencesAsked';

/**
 * Choosing preferences on the way to a company site, as the ticket hand-off has it (the sign-in
 * result code `preferring`): a member who signed in for this site's sign-in and has chosen
 * nothing yet sees choosing-preferring once; its Submit or Skip comes back to the interaction,
 * which then goes on to the site. The interaction remembers that it sent the browser to sign in
 * (a member signed in before, by single sign-on or prompt=none, is not stopped) and that it asked
 * (Skip saves nothing, so the member service would say the same again).
 */
export function preferencesStep(provider: Provider, upstream: Upstream) {
  async function mark(request: FastifyRequest, reply: FastifyReply, interaction: Interaction, name: string) {
    await provider.interactionResult(request.raw, reply.raw, { ...interaction.result, [name]: true }, { mergeWithLastSubmission: false });
  }

  async function stillToChoose(signIn: PortalSignIn): Promise<boolean> {
    const result = await upstream.call(profileContract.get, { token: signIn.memberToken });
    return result.body.isSuccess === true && result.body.data?.preferring === true;
  }

  return {
    /** Called as the interaction sends the browser to the portal's sign-in. */
    sentToSignIn: (request: FastifyRequest, reply: FastifyReply, interaction: Interaction) =>
      mark(request, reply, interaction, SENT_TO_SIGN_IN),

    /**
     * Where a member goes whose site's sign-in went on in another browser (activated and signed
     * in there): choosing-preferring while nothing is chosen, whose Submit or Skip leads to My
     * account, as a sign-in without a site does; else My account.
     */
    async withoutSite(signIn: PortalSignIn, lang: Language): Promise<string> {
      return (await stillToChoose(signIn)) ? `/${lang}/choosing-preferring` : `/${lang}/my-account`;
    },

    /** Where the browser goes first, or undefined when the sign-in may go on to the site now. */
    async firstAsk(
      request: FastifyRequest,
      reply: FastifyReply,
      interaction: Interaction,
      signIn: PortalSignIn,
      lang: Language,
    ): Promise<string | undefined> {
      const marks = interaction.result ?? {};
      if (marks[SENT_TO_SIGN_IN] !== true || marks[PREFERENCES_ASKED] === true) return undefined;
      if (!(await stillToChoose(signIn))) return undefined;
      await mark(request, reply, interaction, PREFERENCES_ASKED);
      const back = `${INTERACTION_PATH}/${interaction.uid}`;
      return `/${lang}/choosing-preferring?callbackurl=${encodeURIComponent(back)}`;
    },
  };
}
