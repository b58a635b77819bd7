import { memo, useDeferredValue, useMemo } from 'react';
import { useForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { ADDRESS_MAX_LENGTH, COMPANY_MAX_LENGTH, VAT_EUROPE_MAX_LENGTH } from '../../../shared/limits.ts';
import { isChina, requiresState } from '../../../shared/rules/countries.ts';
import type { Language } from '../../../shared/languages.ts';
import type { CountryRecord, OptionRecord } from '../../../shared/schemas/info.ts';
import { useBusinessApplicationAreas, useProductsOfInterest } from '../../api/info.ts';
import { CheckboxTree } from '../../ui/checkbox-tree/checkbox-tree.tsx';
import { Field } from '../../ui/field.tsx';
import { NameFields } from '../../ui/name-fields.tsx';
import { PhoneNumberField } from '../../ui/phone-number-field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useLanguage } from '../../session/language-context.ts';
import { useVariant } from '../../variant.ts';
import { findCountry } from '../../ui/country/find-country.ts';
import { countryCodeOptions } from '../../ui/country/country-code-options.ts';
import { countryOptions } from '../../ui/country/country-options.ts';
import { useStateOptions } from '../../ui/country/use-state-options.ts';
import { countryChange, type ProfileFormValues } from './profile-values.ts';

export interface ProfileFieldsProps {
  values: ProfileFormValues;
  countries: readonly CountryRecord[] | undefined;
  vatAndAddress: boolean;
}

interface OptionTreeFieldProps {
  name: string;
  legend: string;
  /** The read of the tree (api/info.ts), made here rather than by the form. */
  useOptions: (lang: Language) => OptionRecord[] | undefined;
}

/**
 * An option tree of the page's language. It is drawn in a deferred render the browser can
 * interrupt: in the one its arrival sets off (swr reads are urgent updates), the whole form
 * would be drawn again in one task.
 */
function OptionTreeField({ name, legend, useOptions }: OptionTreeFieldProps) {
  const options = useDeferredValue(useOptions(useLanguage()));
  return <CheckboxTree name={name} legend={legend} options={options} />;
}

/**
 * The My Profile fields in the spec's order (section 2, My account). Conditional fields stay
 * mounted and are hidden instead: react-final-form 7 resets a field that mounts again to its
 * initial value, which would undo the clearing that a country change does. Memoised: the
 * section draws again when the country list arrives, the fields only once their inputs change.
 */
export const ProfileFields = memo(function ProfileFields({ values, countries, vatAndAddress }: ProfileFieldsProps) {
  const { t } = useTranslation();
  const form = useForm<ProfileFormValues>();
  const { isIotmartAna } = useVariant();
  const country = findCountry(countries, values.country);
  const china = isChina(values.country);
  const codeOptions = useMemo(() => countryCodeOptions(countries ?? [], values.country), [countries, values.country]);
  const choices = useMemo(() => countryOptions(countries), [countries]);
  const states = useStateOptions(country);

  const chooseCountry = (name: string) => {
    const patch = countryChange(values, findCountry(countries, name));
    form.batch(() => {
      for (const [field, value] of Object.entries(patch)) form.change(field as keyof ProfileFormValues, value);
    });
  };

  return (
    <>
      <div className="field-row">
        <NameFields firstNameLabel="account.profile.firstName" lastNameLabel="account.profile.lastName" />
      </div>
      <Field
        name="companyName"
        label="account.profile.companyName"
        maxLength={COMPANY_MAX_LENGTH + 1}
        autoComplete="organization"
        required={!isIotmartAna}
      />
      <SelectField name="country" label="account.profile.country" options={choices} onValueChange={chooseCountry} required />
      <div hidden={states.length === 0}>
        <SelectField name="state" label="account.profile.state" options={states} required={requiresState(values.country)} />
      </div>
      <fieldset className="field-group" hidden={china}>
        <legend className="field-group__legend">{t('account.profile.phone')}</legend>
        <PhoneNumberField
          code={{ name: 'telCountryCode', label: 'account.profile.telCountryCode' }}
          codeOptions={codeOptions}
          parts={[
            { name: 'telAreacode', label: 'account.profile.areaCode', autoComplete: 'tel-area-code' },
            { name: 'telNo', label: 'account.profile.phoneNumber', autoComplete: 'tel-local' },
            { name: 'telExt', label: 'account.profile.extension', autoComplete: 'tel-extension', optional: true },
          ]}
        />
      </fieldset>
      <fieldset className="field-group">
        <legend className="field-group__legend">{t('account.profile.mobile')}</legend>
        <PhoneNumberField
          code={{ name: 'mobileCountryCode', label: 'account.profile.mobileCountryCode' }}
          codeOptions={codeOptions}
          parts={[{ name: 'mobile', label: 'account.profile.mobileNumber', autoComplete: 'tel-national' }]}
        />
      </fieldset>
      <div hidden={!vatAndAddress}>
        <Field name="VATNumber" label="account.profile.vatNumber" maxLength={VAT_EUROPE_MAX_LENGTH} required />
        <Field name="Address" label="account.profile.address" maxLength={ADDRESS_MAX_LENGTH} autoComplete="street-address" required />
      </div>
      <OptionTreeField name="inProducts" legend="account.profile.productsOfInterest" useOptions={useProductsOfInterest} />
      <OptionTreeField
        name="businessApplicationAreas"
        legend="account.profile.businessApplicationAreas"
        useOptions={useBusinessApplicationAreas}
      />
    </>
  );
});
