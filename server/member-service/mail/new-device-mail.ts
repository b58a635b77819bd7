import type { Language } from '../../../shared/languages.ts';
import { composeMail, mailDateTime, mailText, type RenderedMail } from './compose.ts';
import { addresseeNames, nameValues } from './name-values.ts';
import { issueNotMeLink } from './not-me-link.ts';
import type { OutgoingMail } from './mailer.ts';
import type { CoreContext } from '../core-context.ts';
import type { MemberRow } from '../store/schema.ts';

interface NewDeviceMailValues {
  firstName: string;
  lastName: string;
  at: number;
  device: string;
  /** The network the sign-in came from (/24 or /48): the place as far as the portal can tell. */
  ipPrefix: string;
  /** The "This wasn't me" link. */
  link: string;
}

/** Tells the member about a sign-in from a browser not used lately, with a way to disown it. */
function renderNewDeviceMail(lang: Language, values: NewDeviceMailValues): RenderedMail {
  const unknown = mailText(lang, 'newDeviceSignIn', 'unknown');
  return composeMail(lang, 'newDeviceSignIn', nameValues(lang, values), [
    { say: 'intro' },
    {
      details: [
        ['when', mailDateTime(lang, values.at)],
        ['device', values.device || unknown],
        ['place', values.ipPrefix || unknown],
      ],
    },
    { say: 'ifYou' },
    { action: 'action', link: values.link },
    { say: 'actionHint' },
  ]);
}

/**
 * Writes the mail about the sign-in event `eventId`, issuing its link's one-time token now (a
 * later mail about the same event would replace it); undefined when the event is gone.
 */
export async function newDeviceMail(
  ctx: Pick<CoreContext, 'store' | 'config' | 'clock'>,
  member: MemberRow,
  lang: Language,
  eventId: string,
): Promise<OutgoingMail | undefined> {
  const event = await ctx.store.securityEvents.find(member.id, eventId);
  if (!event) return undefined;
  const link = await issueNotMeLink(ctx, event, lang);
  const mail = renderNewDeviceMail(lang, {
    ...addresseeNames(member),
    at: Number(event.at),
    device: event.device,
    ipPrefix: event.ip_prefix,
    link,
  });
  return { to: member.email, ...mail };
}
