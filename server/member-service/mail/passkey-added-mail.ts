import type { Language } from '../../../shared/languages.ts';
import type { MemberServiceConfig } from '../config.ts';
import type { MemberRow } from '../store/schema.ts';
import { composeMail, mailDateTime } from './compose.ts';
import type { OutgoingMail } from './mailer.ts';
import { addresseeNames, nameValues } from './name-values.ts';

/**
 * Tells the member a passkey was added (ASVS 6.3.7: notify after authentication changes), with
 * the way to remove it: My account's Passkeys section.
 */
export function passkeyAddedMail(
  config: Pick<MemberServiceConfig, 'publicOrigin'>,
  member: MemberRow,
  lang: Language,
  passkeyName: string,
  at: number,
): OutgoingMail {
  const names = nameValues(lang, addresseeNames(member));
  const when = mailDateTime(lang, at);
  const mail = composeMail(lang, 'passkeyAdded', { ...names, passkey: passkeyName }, [
    { say: 'intro' },
    { label: 'when', value: when },
    { say: 'ifYou' },
    { say: 'ifNot' },
    { action: 'action', link: `${config.publicOrigin}/${lang}/my-account#passkeys` },
  ]);
  return { to: member.email, ...mail };
}
