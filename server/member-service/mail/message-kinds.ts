import { MemberStatus, OtpVerifyType } from '../../../shared/enums.ts';
import { isLanguage, type Language } from '../../../shared/languages.ts';
import { OTP_VALID_SECONDS } from '../../../shared/limits.ts';
import type { CoreContext } from '../core-context.ts';
import { passwordChangedMail, passwordReminderMail, passwordResetMail } from '../password-links.ts';
import { mobileNumberOf, provenMobileOf } from '../phone/proven-mobile.ts';
import { codeIssuer } from '../sign-in/issue-code.ts';
import { LOGIN_FLOW, PHONE_PROOF_FLOW, phoneProofScope } from '../sign-in/otp-code.ts';
import { renderOtpMail, renderOtpSms, renderPhoneProofSms } from '../sign-in/otp-mail.ts';
import type { OutgoingSms } from '../sms/sms-sender.ts';
import type { MemberRow } from '../store/schema.ts';
import { verificationMail } from '../verification.ts';
import { renderDeletionMail } from './deletion-mail.ts';
import { newDeviceMail } from './new-device-mail.ts';
import { addresseeNames } from './name-values.ts';
import { passkeyAddedMail } from './passkey-added-mail.ts';
import { passkeyClonedMail } from './passkey-cloned-mail.ts';
import { socialConnectedMail } from './social-connected-mail.ts';
import type { OutgoingMail } from './mailer.ts';

/** The values a queued message keeps until it is written: never a secret. */
export interface MessageParams {
  lang: Language;
  /** Password reset: where the member goes after the change. */
  returnUrl?: string;
  /** Text messages: the number the member asked for, '+' and digits. */
  number?: string;
  /** Password changed: when. */
  changedAt?: number;
  /** New-device sign-in: the public id of the sign-in event. */
  eventId?: string;
  /** Passkey added or disabled as cloned: the name the member sees in My account. */
  passkeyName?: string;
  /** Provider account connected: which provider (SocialType). */
  socialType?: number;
}

/** A message written and ready to hand over; `undelivered` undoes what writing it issued. */
export type ReadyMessage = ({ mail: OutgoingMail } | { sms: OutgoingSms }) & { undelivered?: () => Promise<void> };

export type WriteContext = CoreContext;

export type MessageKindName =
  | 'verification'
  | 'sign-in-code'
  | 'sign-in-text'
  | 'phone-proof-text'
  | 'password-reset'
  | 'password-reminder'
  | 'password-changed'
  | 'account-deletion'
  | 'new-device-sign-in'
  | 'passkey-added'
  | 'passkey-cloned'
  | 'social-connected';

interface MessageKind {
  /** '' or the name under which a newer message replaces a queued older one (their links or codes supersede each other). */
  topic: string;
  /** How long after it was asked for the message is still worth sending; unset: DELIVERY_GIVE_UP_HOURS. */
  worthMs?: number;
  /** Writes the message, issuing the link or code it carries; undefined when it no longer applies. */
  write(ctx: WriteContext, member: MemberRow, params: MessageParams): Promise<ReadyMessage | undefined>;
}

const CODE_MINUTES = Math.round(OTP_VALID_SECONDS / 60);
const codeValues = (member: MemberRow, code: string) => ({
  ...addresseeNames(member),
  code,
  minutes: CODE_MINUTES,
});

/** A code by text, to `number` only while it is still the member's `numberNow`. */
async function textCode(
  ctx: WriteContext,
  member: MemberRow,
  number: string | undefined,
  numberNow: string | undefined,
  flow: string,
  scope: string,
  text: (code: string) => string,
) {
  if (number === undefined || number !== numberNow) return undefined;
  const { code, id } = await codeIssuer(ctx)({ memberId: member.id, flow, scope, channel: OtpVerifyType.Phone });
  return { sms: { to: number, text: text(code) }, undelivered: () => ctx.store.otpCodes.invalidate(id, ctx.clock.now()) };
}

/**
 * Every message the service sends, by mail or text. A queued message names its kind and keeps
 * only MessageParams; links and codes are issued when it is written, just before it goes out, so a
 * message delayed by an outage still carries a fresh one (and its older ones stop working then).
 */
export const MESSAGE_KINDS: Record<MessageKindName, MessageKind> = {
  verification: {
    topic: 'verification',
    // Only while the address is unproven: an activated member needs no link.
    write: async (ctx, member, { lang }) =>
      member.status === MemberStatus.Unverified ? { mail: await verificationMail(ctx, member, lang) } : undefined,
  },
  'sign-in-code': {
    topic: 'sign-in-code',
    worthMs: OTP_VALID_SECONDS * 1000,
    async write(ctx, member, { lang }) {
      const { code, id } = await codeIssuer(ctx)({
        memberId: member.id,
        flow: LOGIN_FLOW,
        scope: LOGIN_FLOW,
        channel: OtpVerifyType.Email,
      });
      return {
        mail: { to: member.email, ...renderOtpMail(lang, codeValues(member, code)) },
        undelivered: () => ctx.store.otpCodes.invalidate(id, ctx.clock.now()),
      };
    },
  },
  'sign-in-text': {
    // The same topic as the mail: asking for the code by e-mail instead replaces a text still queued.
    topic: 'sign-in-code',
    worthMs: OTP_VALID_SECONDS * 1000,
    write: async (ctx, member, { lang, number }) =>
      textCode(ctx, member, number, provenMobileOf(member), LOGIN_FLOW, LOGIN_FLOW, (code) => renderOtpSms(lang, codeValues(member, code))),
  },
  'phone-proof-text': {
    topic: 'phone-proof',
    worthMs: OTP_VALID_SECONDS * 1000,
    write: async (ctx, member, { lang, number }) =>
      textCode(ctx, member, number, mobileNumberOf(member), PHONE_PROOF_FLOW, phoneProofScope(number ?? ''), (code) =>
        renderPhoneProofSms(lang, codeValues(member, code)),
      ),
  },
  'password-reset': {
    topic: 'password-reset',
    write: async (ctx, member, { lang, returnUrl }) => ({ mail: await passwordResetMail(ctx, member, lang, returnUrl ?? '') }),
  },
  'password-reminder': {
    topic: 'password-reminder',
    write: async (ctx, member, { lang }) => ({ mail: await passwordReminderMail(ctx, member, lang) }),
  },
  'password-changed': {
    topic: '',
    write: async (ctx, member, { lang, changedAt }) => ({ mail: passwordChangedMail(ctx, member, lang, changedAt ?? ctx.clock.now()) }),
  },
  'account-deletion': {
    topic: '',
    // A member who restored the account before the mail went out gets none.
    async write(ctx, member, { lang }) {
      if (member.delete_date === null) return undefined;
      const mail = renderDeletionMail(lang, {
        ...addresseeNames(member),
        deleteAt: member.delete_date,
        link: `${ctx.config.publicOrigin}/${lang}/login`,
      });
      return { mail: { to: member.email, ...mail } };
    },
  },
  'new-device-sign-in': {
    topic: '',
    async write(ctx, member, { lang, eventId }) {
      const mail = eventId === undefined ? undefined : await newDeviceMail(ctx, member, lang, eventId);
      return mail && { mail };
    },
  },
  'passkey-added': {
    topic: '',
    write: async (ctx, member, { lang, passkeyName, changedAt }) => ({
      mail: passkeyAddedMail(ctx.config, member, lang, passkeyName ?? '', changedAt ?? ctx.clock.now()),
    }),
  },
  'passkey-cloned': {
    topic: '',
    write: async (ctx, member, { lang, passkeyName, changedAt }) => ({
      mail: passkeyClonedMail(ctx.config, member, lang, passkeyName ?? '', changedAt ?? ctx.clock.now()),
    }),
  },
  'social-connected': {
    topic: '',
    write: async (ctx, member, { lang, socialType, changedAt }) => ({
      mail: await socialConnectedMail(ctx, member, lang, socialType ?? 0, changedAt ?? ctx.clock.now()),
    }),
  },
};

export function isMessageKind(name: string): name is MessageKindName {
  return Object.hasOwn(MESSAGE_KINDS, name);
}

/** The stored params of a queued message, with the language checked. */
export function parseParams(json: string): MessageParams {
  const params = JSON.parse(json) as Partial<MessageParams>;
  return { ...params, lang: isLanguage(params.lang) ? params.lang : 'en' };
}
