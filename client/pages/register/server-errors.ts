import type { Reply } from '../../../shared/schemas/reply.ts';
import { refusalToast } from '../../state/request-failure.ts';
import type { ToastMessage } from '../../state/toasts.ts';
import type { RegisterFormValues } from './register-values.ts';

export type RegisterField = Exclude<keyof RegisterFormValues, 'phoneMode'>;

const FIELDS: readonly RegisterField[] = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'companyName',
  'country',
  'state',
  'telCountryCode',
  'telAreacode',
  'telNo',
  'telExt',
  'mobileCountryCode',
  'mobile',
  'VATNumber',
  'Address',
  'isGlobalAgreePolicy',
  'turkeyPolicyConsent',
  'koreaTermsConsent',
  'koreaPersonalDataConsent',
  'japanPolicyConsent',
  'isSubscribe',
  'captchaToken',
];

/** Payload names the server may report that the form shows under another name. */
const ALIASES: Record<string, RegisterField> = {
  userid: 'email',
  'memberextension.vatnumber': 'VATNumber',
  'memberextension.address': 'Address',
  captchaverify: 'captchaToken',
  'captchaverify.token': 'captchaToken',
};

/** Codes that belong to one field even when the server names none. */
const FIELD_OF_CODE: Record<string, RegisterField> = {
  EmailExists: 'email',
  ContactHR: 'email',
  Form_RepeatMember: 'email',
  Form_PhoneNumber_Invalid: 'telNo',
  Form_MobileNumber_Invalid: 'mobile',
  Form_ReCaptcha_Invalid: 'captchaToken',
};

export function registerFieldOf(serverField: string | undefined, code: string): RegisterField | undefined {
  if (serverField) {
    const lower = serverField.toLowerCase();
    const field = FIELDS.find((name) => name.toLowerCase() === lower) ?? ALIASES[lower];
    if (field) return field;
  }
  return FIELD_OF_CODE[code];
}

export interface RegisterFailure {
  fieldErrors: Partial<Record<RegisterField, string>>;
  toasts: ToastMessage[];
}

/**
 * A failed Register reply: each listed problem is a toast and, when it belongs to a field the
 * form shows, that field's message too; a reply without a list is one toast.
 */
export function registerFailure(reply: Pick<Reply, 'code' | 'title' | 'errors'>): RegisterFailure {
  const fieldErrors: RegisterFailure['fieldErrors'] = {};
  const items = reply.errors?.length ? reply.errors : [{ field: undefined, code: reply.code }];
  for (const item of items) {
    const field = registerFieldOf(item.field, item.code);
    if (field && !fieldErrors[field]) fieldErrors[field] = item.code;
  }
  // A server message wins over the translated code (spec section 8).
  const toasts: ToastMessage[] = reply.errors?.length
    ? reply.errors.map((item) => ({ messageKey: `error.${item.code}` }))
    : [refusalToast(reply)];
  return { fieldErrors, toasts };
}
