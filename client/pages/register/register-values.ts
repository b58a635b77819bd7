import type { RegistrationValues } from '../../../shared/rules/registration.ts';

/** Phone number (fixed line) or mobile number: the member picks one (China: mobile only). */
export type PhoneMode = 'phone' | 'mobile';

/** The values of the registration form: the shared registration values plus the phone choice. */
export interface RegisterFormValues extends RegistrationValues {
  phoneMode: PhoneMode;
}

export const INITIAL_REGISTER_VALUES: RegisterFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  companyName: '',
  country: '',
  state: '',
  phoneMode: 'phone',
  telCountryCode: '',
  telAreacode: '',
  telNo: '',
  telExt: '',
  mobileCountryCode: '',
  mobile: '',
  VATNumber: '',
  Address: '',
};
