import { isChina } from '../../../shared/rules/countries.ts';
import type { ProfileValues } from '../../../shared/rules/profile.ts';
import type { CountryRecord } from '../../../shared/schemas/info.ts';
import type { BrowserMember, ProfileUpdate } from '../../../shared/schemas/member.ts';

/** The My Profile form: every value present, so "changed" is a plain comparison. */
export interface ProfileFormValues extends ProfileValues {
  firstName: string;
  lastName: string;
  companyName: string;
  country: string;
  state: string;
  telCountryCode: string;
  telAreacode: string;
  telNo: string;
  telExt: string;
  mobileCountryCode: string;
  mobile: string;
  VATNumber: string;
  Address: string;
  businessApplicationAreas: string[];
  inProducts: string[];
}

export function profileValuesOf(member: BrowserMember): ProfileFormValues {
  return {
    firstName: member.firstName ?? '',
    lastName: member.lastName ?? '',
    companyName: member.companyName ?? '',
    country: member.country ?? '',
    state: member.state ?? '',
    telCountryCode: member.telCountryCode ?? '',
    telAreacode: member.telAreacode ?? '',
    telNo: member.telNo ?? '',
    telExt: member.telExt ?? '',
    mobileCountryCode: member.mobileCountryCode ?? '',
    mobile: member.mobile ?? '',
    VATNumber: member.memberExtension?.vatNumber ?? '',
    Address: member.memberExtension?.address ?? '',
    businessApplicationAreas: [...(member.businessApplicationAreas ?? [])],
    inProducts: [...(member.inProducts ?? [])],
  };
}

/** PUT /api/member: the editable fields, with VAT and address inside memberExtension. */
export function profileUpdateOf(values: ProfileFormValues, withVatAndAddress: boolean): ProfileUpdate {
  const trimmed = (value: string | undefined) => (value ?? '').trim();
  const update: ProfileUpdate = {
    firstName: trimmed(values.firstName),
    lastName: trimmed(values.lastName),
    companyName: trimmed(values.companyName),
    country: values.country ?? '',
    state: values.state ?? '',
    telCountryCode: values.telCountryCode ?? '',
    telAreacode: values.telAreacode ?? '',
    telNo: values.telNo ?? '',
    telExt: values.telExt ?? '',
    mobileCountryCode: values.mobileCountryCode ?? '',
    mobile: values.mobile ?? '',
    businessApplicationAreas: [...(values.businessApplicationAreas ?? [])],
    inProducts: [...(values.inProducts ?? [])],
  };
  if (withVatAndAddress) update.memberExtension = { vatNumber: trimmed(values.VATNumber), address: trimmed(values.Address) };
  return update;
}

/**
 * What choosing a country changes (spec section 4): both phone country codes follow its phone
 * code, a state the new country lacks is cleared, and China drops the fixed-line fields.
 */
export function countryChange(values: ProfileFormValues, country: CountryRecord | undefined): Partial<ProfileFormValues> {
  const name = country?.name ?? '';
  const phoneCode = country?.phoneCode ?? '';
  const patch: Partial<ProfileFormValues> = {
    country: name,
    state: country?.states.includes(values.state) ? values.state : '',
    telCountryCode: phoneCode,
    mobileCountryCode: phoneCode,
  };
  if (isChina(name)) Object.assign(patch, { telCountryCode: '', telAreacode: '', telNo: '', telExt: '' });
  return patch;
}
