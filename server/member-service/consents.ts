import type { ConsentName } from '../../shared/contract/register.ts';
import type { ConsentValues } from '../../shared/rules/registration.ts';

/** The consents registration records, with the version of the text the member agreed to. */
export const CONSENT_POLICY_VERSIONS = {
  'global-policy': '2024-01',
  'turkey-policy': '2024-01',
  'korea-terms': '2024-01',
  'korea-personal-data': '2024-01',
  'japan-policy': '2024-01',
  subscribe: '2024-01',
} as const satisfies Record<ConsentName, string>;

/** The consent answers the shared registration rules check, read back from the consents given. */
export function consentValues(consents: readonly ConsentName[], isSubscribe: boolean | undefined): ConsentValues {
  const given = (name: ConsentName) => consents.includes(name);
  return {
    isGlobalAgreePolicy: given('global-policy'),
    turkeyPolicyConsent: given('turkey-policy'),
    koreaTermsConsent: given('korea-terms'),
    koreaPersonalDataConsent: given('korea-personal-data'),
    japanPolicyConsent: given('japan-policy'),
    isSubscribe: isSubscribe ?? given('subscribe'),
  };
}

/** What is recorded: the consents given, with `subscribe` following the subscription answer. */
export function consentsToRecord(
  consents: readonly ConsentName[],
  isSubscribe: boolean,
): Array<{ consent: ConsentName; policyVersion: string }> {
  const names = new Set<ConsentName>(consents.filter((name) => name !== 'subscribe'));
  if (isSubscribe) names.add('subscribe');
  return [...names].map((consent) => ({ consent, policyVersion: CONSENT_POLICY_VERSIONS[consent] }));
}
