import type { RegistrationValues } from '../../../shared/rules/registration.ts';

/** Phone number (fixed line) or mobile number: the member picks one (China: mobile only). */
export type PhoneMode = 'phone' | 'mobile';

/** The values of the registration form: the shared registration values plus the phone choice. */
export interface RegisterFormValues extends RegistrationValues {
  phoneMode: PhoneMode;
}

/**
 * Most members give a mobile number, so it is the first choice. Only the phone choice starts with a value. Fields that appear later (phone or mobile, state,
 * VAT, consents) must not have one: react-final-form resets a field mounting for the first
 * time to its initial value, which would undo the country code filled in just before.
 */
export const INITIAL_REGISTER_VALUES: RegisterFormValues = { phoneMode: 'mobile' };
