import { useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { privacyBlockFor } from '../../../shared/rules/countries.ts';
import { useLanguage } from '../../session/language-context.ts';
import { privacyPolicyLink } from '../../site-links.ts';
import { OptionalMark } from '../../ui/optional-mark.tsx';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import { ExternalLink } from './external-link.tsx';
import { KoreaConsents } from './korea-consents.tsx';
import { TURKEY_CLARIFICATION_TEXT, TURKEY_DATA_PROTECTION_NOTICE } from './privacy-links.ts';

/** Turkey: the required processing consent, and the optional one that is also the subscribe answer. */
function TurkeyConsents() {
  const { t } = useTranslation();
  return (
    <>
      <p className="field__hint consent__links">
        <ExternalLink href={TURKEY_DATA_PROTECTION_NOTICE}>{t('register.privacy.turkey.noticeLink')}</ExternalLink>
        <ExternalLink href={TURKEY_CLARIFICATION_TEXT}>{t('register.privacy.turkey.clarificationLink')}</ExternalLink>
      </p>
      <ConsentCheckbox name="turkeyPolicyConsent" required summaryLabel="register.privacy.turkey.policyLegend">
        {t('register.privacy.turkey.policyLabel')}
      </ConsentCheckbox>
      <ConsentCheckbox name="isSubscribe">
        {t('register.privacy.turkey.subscribeLegend')}
        <OptionalMark />
      </ConsentCheckbox>
    </>
  );
}

/** Everyone else agrees to the privacy policy (Japan: its own wording of the same consent). */
function PolicyConsent({ japan }: { japan: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <>
      <p className="field__hint consent__links">
        <ExternalLink href={privacyPolicyLink(lang)}>{t('register.privacy.policyLink')}</ExternalLink>
      </p>
      {japan ? (
        <ConsentCheckbox name="japanPolicyConsent" required summaryLabel="register.privacy.japan.legend">
          {t('register.privacy.japan.label')}
        </ConsentCheckbox>
      ) : (
        <ConsentCheckbox name="isGlobalAgreePolicy" required summaryLabel="register.sections.privacy">
          {t('register.privacy.globalLegend')}
        </ConsentCheckbox>
      )}
    </>
  );
}

/**
 * The privacy consents of the chosen country (spec section 2), as checkboxes: a required consent
 * must be ticked, the subscription may be left unticked (no). Korea's block has its own
 * marketing line; the answers reset when the country changes.
 */
export function PrivacyBlock() {
  const { t } = useTranslation();
  const { input } = useField<string>('country', { subscription: { value: true } });
  const block = privacyBlockFor(input.value);
  return (
    <div className="consents">
      {block === 'turkey' && <TurkeyConsents />}
      {block === 'korea' && <KoreaConsents />}
      {(block === 'japan' || block === 'global') && <PolicyConsent japan={block === 'japan'} />}
      {(block === 'japan' || block === 'global') && (
        <ConsentCheckbox name="isSubscribe">
          {t('register.privacy.subscribeLegend')}
          <OptionalMark />
        </ConsentCheckbox>
      )}
    </div>
  );
}
