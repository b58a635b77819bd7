import type { ConsentValues } from '../../../shared/rules/registration.ts';

/** Every answer of the privacy block: each country shows different questions, so none survives a change of country. */
export const PRIVACY_ANSWERS = [
  'isGlobalAgreePolicy',
  'turkeyPolicyConsent',
  'koreaTermsConsent',
  'koreaPersonalDataConsent',
  'japanPolicyConsent',
  'isSubscribe',
] as const satisfies readonly (keyof ConsentValues)[];

export type PrivacyAnswer = (typeof PRIVACY_ANSWERS)[number];

/** The patch that leaves every privacy question unanswered. */
export function resetPrivacyAnswers(): Record<PrivacyAnswer, undefined> {
  return Object.fromEntries(PRIVACY_ANSWERS.map((answer) => [answer, undefined])) as Record<PrivacyAnswer, undefined>;
}

/**
 * The subscription is a checkbox: one left unticked is the answer no. The spec's register call
 * (and the rule that checks it) wants a yes or a no, never a missing answer.
 */
export function withSubscribeAnswer<T extends ConsentValues>(values: T): T {
  return { ...values, isSubscribe: values.isSubscribe === true };
}

/** Korea's "agree to all" covers the two required consents and the optional marketing e-mails. */
const KOREA_ALL = ['koreaTermsConsent', 'koreaPersonalDataConsent', 'isSubscribe'] as const;

/** The select-all box is ticked exactly when every box under it is. */
export function koreaAllAccepted(values: ConsentValues): boolean {
  return KOREA_ALL.every((answer) => values[answer] === true);
}

/** Ticking gives all three; unticking takes the two required ones back (not given) and says no to the e-mails. */
export function setKoreaAll(accepted: boolean): Pick<ConsentValues, (typeof KOREA_ALL)[number]> {
  return {
    koreaTermsConsent: accepted || undefined,
    koreaPersonalDataConsent: accepted || undefined,
    isSubscribe: accepted,
  };
}
