import { useId, useMemo } from 'react';
import { useField, useForm, useFormState } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { CHINA_MOBILE_DIGITS, PHONE_FIELD_MAX_LENGTH } from '../../../shared/limits.ts';
import { isChina } from '../../../shared/rules/countries.ts';
import type { CountryRecord } from '../../../shared/schemas/info.ts';
import { PhoneNumberField } from '../../ui/phone-number-field.tsx';
import { countryCodeOptions } from '../../ui/country/country-code-options.ts';
import { findCountry } from '../../ui/country/find-country.ts';
import { SampleNumberTip } from './sample-number-tip.tsx';
import { effectivePhoneMode, switchPhoneMode } from './phone-mode.ts';
import type { PhoneMode, RegisterFormValues } from './register-values.ts';

const MODES: readonly PhoneMode[] = ['mobile', 'phone'];

function PhoneModeChoice({ country, onChoose }: { country: CountryRecord | undefined; onChoose: (mode: PhoneMode) => void }) {
  const { t } = useTranslation();
  const name = useId();
  const { input } = useField<PhoneMode>('phoneMode', { subscription: { value: true } });
  const china = isChina(country?.name);
  const chosen = effectivePhoneMode(country?.name, input.value);
  return (
    <fieldset className="radio-group">
      <legend className="field__label">{t('register.phoneChoice.legend')}</legend>
      {MODES.map((mode) => (
        <label key={mode} className="radio-group__option">
          <input type="radio" name={name} checked={chosen === mode} disabled={china && mode === 'phone'} onChange={() => onChoose(mode)} />
          {t(`register.phoneChoice.${mode}`)}
        </label>
      ))}
      {china && <p className="field__hint">{t('register.phoneChoice.chinaMobileOnly')}</p>}
    </fieldset>
  );
}

/** Phone or mobile: the member picks one; switching clears the other (spec section 4). */
export function PhoneFields({ countries }: { countries: readonly CountryRecord[] | undefined }) {
  const { t } = useTranslation();
  const form = useForm<RegisterFormValues>();
  const { values } = useFormState<RegisterFormValues>({ subscription: { values: true } });
  const country = findCountry(countries, values.country);
  const mode = effectivePhoneMode(values.country, values.phoneMode);
  const codes = useMemo(() => countryCodeOptions(countries ?? [], values.country), [countries, values.country]);

  const choose = (next: PhoneMode) => {
    const patch = switchPhoneMode(form.getState().values, next, country?.phoneCode);
    form.batch(() => {
      for (const [field, value] of Object.entries(patch)) form.change(field as keyof RegisterFormValues, value);
    });
  };

  return (
    <>
      <PhoneModeChoice country={country} onChoose={choose} />
      <div className="phone-help">
        {!country && <p className="field__hint">{t('register.selectCountryFirst')}</p>}
        <SampleNumberTip country={country} callingCode={mode === 'phone' ? values.telCountryCode : values.mobileCountryCode} />
      </div>
      {/* Keyed so the inputs of one mode are never reused for the other's fields. */}
      {mode === 'phone' ? (
        <PhoneNumberField
          key="phone"
          code={{ name: 'telCountryCode', label: 'register.telCountryCode', required: true }}
          codeOptions={codes}
          parts={[
            { name: 'telAreacode', label: 'register.telAreacode', autoComplete: 'tel-area-code', required: true },
            { name: 'telNo', label: 'register.telNo', autoComplete: 'tel-local', required: true },
            { name: 'telExt', label: 'register.telExt', autoComplete: 'tel-extension', optional: true },
          ]}
        />
      ) : (
        <PhoneNumberField
          key="mobile"
          code={{ name: 'mobileCountryCode', label: 'register.mobileCountryCode', required: true }}
          codeOptions={codes}
          parts={[
            {
              name: 'mobile',
              label: 'register.mobile',
              autoComplete: 'tel-national',
              required: true,
              maxLength: isChina(values.country) ? CHINA_MOBILE_DIGITS : PHONE_FIELD_MAX_LENGTH,
            },
          ]}
        />
      )}
    </>
  );
}
