/** Business constants and limits of spec section 9: each one named once. */
export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_SECONDS = 180;
export const RESEND_COUNTDOWN_SECONDS = 180;
export const OTP_SEND_WINDOW_SECONDS = 180;
export const OTP_VALID_SECONDS = 10 * 60;
export const OTP_LENGTH = 6;
export const RESET_LINK_VALID_SECONDS = 60 * 60;
/** The annual reminder's 'keep my password' link is not limited by the spec; a month leaves time to read the mail. */
export const KEEP_PASSWORD_LINK_VALID_SECONDS = 30 * 24 * 60 * 60;
/** Activation links are not limited by the spec; a week keeps them usable over a weekend. */
export const ACTIVATION_LINK_VALID_SECONDS = 7 * 24 * 60 * 60;
/**
 * Every sign-in ticket (`sso` on its way to a company site, `referer` on the way back) is
 * redeemed within minutes or not at all, whatever the member token's lifetime.
 */
export const TICKET_VALID_SECONDS = 5 * 60;
/**
 * A sign-in the member made themselves (password, code, provider, passkey) within this long is
 * "recent": adding a way in (passkey, provider, proven phone), export, deletion, passkey removal
 * and "This wasn't me" need one. A ticket session is never recent.
 */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;
/** A "This wasn't me" link in a mail: long enough to be read after a holiday, short enough not to wipe later changes a year on. */
export const NOT_ME_LINK_VALID_DAYS = 7;
export const DELETION_PERMANENT_DAYS = 30;
/** A member's security activity keeps a year of events, and at most this many (text from requests must not pile up without end). */
export const SECURITY_EVENTS_KEPT_DAYS = 365;
export const SECURITY_EVENTS_KEPT_PER_MEMBER = 1000;
export const PASSWORD_MAX_AGE_DAYS = 365;
export const PASSKEY_NAME_MAX_LENGTH = 60;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 100;
export const LOGIN_ID_MAX_LENGTH = 50;
export const OTP_CODE_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 100;
export const FIRST_NAME_MAX_LENGTH = 40;
export const LAST_NAME_MAX_LENGTH = 50;
export const COMPANY_MAX_LENGTH = 100;
export const COUNTRY_MAX_LENGTH = 100;
export const STATE_MAX_LENGTH = 100;
export const PHONE_FIELD_MAX_LENGTH = 50;
export const VAT_MAX_LENGTH = 255;
export const VAT_EUROPE_MAX_LENGTH = 20;
export const ADDRESS_MAX_LENGTH = 255;
export const CHINA_MOBILE_DIGITS = 11;
export const ACTIVATION_REDIRECT_SECONDS = 5;
export const CAPTCHA_RETRY_MS = 600;
export const TYPEAHEAD_RESET_MS = 1200;
export const MENU_SCROLL_OFFSET = 80;
export const MENU_ACTIVE_OFFSET = 220;
export const MULTISELECT_MIN_ITEMS = 1;
export const TOAST_DELAY_MS = 100;
export const PROMOTIONAL_PASS = 'iotmart-ana';
/** Tracking values (registration purpose, utm_*) and URLs carried from links anyone can write. */
export const TRACKING_VALUE_MAX_LENGTH = 200;
export const URL_MAX_LENGTH = 2048;
