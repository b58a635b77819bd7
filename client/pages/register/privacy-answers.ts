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

/** Korea's select-all box is ticked exactly when both consents are. */
export function koreaAllAccepted(values: ConsentValues): boolean {
  return values.koreaTermsConsent === true && values.koreaPersonalDataConsent === true;
}

export function setKoreaAll(accepted: boolean): Pick<ConsentValues, 'koreaTermsConsent' | 'koreaPersonalDataConsent'> {
  return { koreaTermsConsent: accepted, koreaPersonalDataConsent: accepted };
}
