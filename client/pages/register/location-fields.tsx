import { useMemo } from 'react';
import { useForm, useFormState } from 'react-final-form';
import { ADDRESS_MAX_LENGTH, COMPANY_MAX_LENGTH, VAT_EUROPE_MAX_LENGTH } from '../../../shared/limits.ts';
import { isChina, needsVatAndAddress, requiresState } from '../../../shared/rules/countries.ts';
import type { CountryRecord } from '../../../shared/schemas/info.ts';
import { Field } from '../../ui/field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { findCountry } from '../../ui/country/find-country.ts';
import { countryOptions } from '../../ui/country/country-options.ts';
import { useStateOptions } from '../../ui/country/use-state-options.ts';
import { countryChangePatch } from './country-change.ts';
import type { RegisterFormValues } from './register-values.ts';

export interface LocationFieldsProps {
  countries: readonly CountryRecord[] | undefined;
  isIotmartAna: boolean;
  pass: string;
}

/** Company, country/region, its state list, and VAT number and address for Europe with pass=rma. */
export function LocationFields({ countries, isIotmartAna, pass }: LocationFieldsProps) {
  const form = useForm<RegisterFormValues>();
  const { values } = useFormState<RegisterFormValues>({ subscription: { values: true } });
  const country = findCountry(countries, values.country);
  const states = useStateOptions(country);
  const choices = useMemo(() => countryOptions(countries), [countries]);

  const chooseCountry = (name: string) => {
    const patch = countryChangePatch(form.getState().values, findCountry(countries, name));
    form.batch(() => {
      for (const [field, value] of Object.entries(patch)) form.change(field as keyof RegisterFormValues, value);
    });
  };

  return (
    <>
      {/* One character over the limit is accepted so the length message can show (spec section 5). */}
      <Field
        name="companyName"
        label="register.companyName"
        maxLength={COMPANY_MAX_LENGTH + 1}
        autoComplete="organization"
        required={!isIotmartAna}
        optional={isIotmartAna}
      />
      <SelectField
        name="country"
        label="register.country"
        options={choices}
        autoComplete="country-name"
        onValueChange={chooseCountry}
        required
      />
      {states.length > 0 && (
        <SelectField
          name="state"
          // China's first-level divisions are provinces, municipalities and autonomous regions.
          label={isChina(values.country) ? 'register.stateChina' : 'register.state'}
          options={states}
          autoComplete="address-level1"
          required={requiresState(values.country)}
          optional={!requiresState(values.country)}
        />
      )}
      {needsVatAndAddress(country?.region, pass) && (
        <>
          <Field name="VATNumber" label="register.VATNumber" maxLength={VAT_EUROPE_MAX_LENGTH} required />
          <Field name="Address" label="register.Address" maxLength={ADDRESS_MAX_LENGTH} autoComplete="street-address" required />
        </>
      )}
    </>
  );
}
