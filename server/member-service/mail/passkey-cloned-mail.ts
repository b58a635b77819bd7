import type { Language } from '../../../shared/languages.ts';
import type { MemberServiceConfig } from '../config.ts';
import type { MemberRow } from '../store/schema.ts';
import { composeMail, mailDateTime } from './compose.ts';
import type { OutgoingMail } from './mailer.ts';
import { addresseeNames, nameValues } from './name-values.ts';

/**
 * Tells the member a passkey was taken out of use because its counter went backwards, the sign
 * of a copy of its key in use somewhere else (ASVS 6.3.7), and what to do: change the password,
 * add a new passkey.
 */
export function passkeyClonedMail(
  config: Pick<MemberServiceConfig, 'publicOrigin'>,
  member: MemberRow,
  lang: Language,
  passkeyName: string,
  at: number,
): OutgoingMail {
  const names = nameValues(lang, addresseeNames(member));
  const when = mailDateTime(lang, at);
  const mail = composeMail(lang, 'passkeyCloned', { ...names, passkey: passkeyName }, [
    { say: 'intro' },
    { label: 'when', value: when },
    { say: 'why' },
    { say: 'advice' },
    { action: 'action', link: `${config.publicOrigin}/${lang}/my-account#passkeys` },
  ]);
  return { to: member.email, ...mail };
}
