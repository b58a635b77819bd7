import { createHmac } from 'node:crypto';
import { secretsEqual } from '../security/tokens.ts';

/**
 * The `hashEmail` of confirm-subscription links (the UID query value):
 * `{publicId}.{base64url(HMAC-SHA256(CRM_HASH_KEY, "crm-subscription:" + email))}`.
 * Only a holder of the key (the member service, or the mailing system it shares the key with)
 * can make one; it stops working when the member's e-mail address changes, and it carries no
 * readable e-mail address into URLs and logs.
 */
export function crmSubscriptionId(member: { public_id: string; email: string }, key: string): string {
  return `${member.public_id}.${macOf(member.email, key)}`;
}

function macOf(email: string, key: string): string {
  return createHmac('sha256', key).update(`crm-subscription:${email.toLowerCase()}`).digest('base64url');
}

/** The public id a hashEmail names, or undefined when it is not shaped like one. */
export function publicIdOf(hashEmail: string): string | undefined {
  const match = /^([A-Za-z0-9_-]{8,64})\.([A-Za-z0-9_-]{43})$/.exec(hashEmail.trim());
  return match?.[1];
}

/** Whether the hashEmail was made for this member's current address. */
export function matchesMember(hashEmail: string, member: { public_id: string; email: string }, key: string): boolean {
  return secretsEqual(hashEmail.trim(), crmSubscriptionId(member, key));
}

/** The address as the confirmation page shows it: enough to recognise, not to harvest. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}
