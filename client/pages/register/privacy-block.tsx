import { useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { privacyBlockFor } from '../../../shared/rules/countries.ts';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { useLanguage } from '../../session/language-context.ts';
import { privacyPolicyLink } from '../../site-links.ts';
import { ConsentCheckbox } from './consent-checkbox.tsx';
import { ExternalLink } from './external-link.tsx';
import { KoreaConsents } from './korea-consents.tsx';
import { TURKEY_CLARIFICATION_TEXT, TURKEY_DATA_PROTECTION_NOTICE } from './privacy-links.ts';

/** Turkey: the yes-only processing consent, and the yes/no consent that is also the subscribe answer. */
function TurkeyConsents() {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="field-group">
        <legend className="field__label">{t('register.privacy.turkey.policyLegend')}</legend>
        <p className="field__hint">
          <ExternalLink href={TURKEY_DATA_PROTECTION_NOTICE}>{t('register.privacy.turkey.noticeLink')}</ExternalLink>
        </p>
        <ConsentCheckbox name="turkeyPolicyConsent" required>
          {t('register.privacy.turkey.policyLabel')}
        </ConsentCheckbox>
      </fieldset>
      <p className="field__hint">
        <ExternalLink href={TURKEY_CLARIFICATION_TEXT}>{t('register.privacy.turkey.clarificationLink')}</ExternalLink>
      </p>
      <RadioGroup name="isSubscribe" legend="register.privacy.turkey.subscribeLegend" required />
    </>
  );
}

function JapanConsent() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <fieldset className="field-group">
      <legend className="field__label">{t('register.privacy.japan.legend')}</legend>
      <p className="field__hint">
        <ExternalLink href={privacyPolicyLink(lang)}>{t('register.privacy.policyLink')}</ExternalLink>
      </p>
      <ConsentCheckbox name="japanPolicyConsent" required>
        {t('register.privacy.japan.label')}
      </ConsentCheckbox>
    </fieldset>
  );
}

function GlobalConsent() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <>
      <p className="field__hint">
        <ExternalLink href={privacyPolicyLink(lang)}>{t('register.privacy.policyLink')}</ExternalLink>
      </p>
      <RadioGroup
        name="isGlobalAgreePolicy"
        legend="register.privacy.globalLegend"
        yesLabel="register.privacy.agree"
        noLabel="register.privacy.disagree"
        required
      />
    </>
  );
}

/**
 * The privacy questions of the chosen country (spec section 2); everyone but Turkey also
 * answers the subscribe question. The answers reset when the country changes.
 */
export function PrivacyBlock() {
  const { input } = useField<string>('country', { subscription: { value: true } });
  const block = privacyBlockFor(input.value);
  return (
    <>
      {block === 'turkey' && <TurkeyConsents />}
      {block === 'korea' && <KoreaConsents />}
      {block === 'japan' && <JapanConsent />}
      {block === 'global' && <GlobalConsent />}
      {block !== 'turkey' && <RadioGroup name="isSubscribe" legend="register.privacy.subscribeLegend" required />}
    </>
  );
}
