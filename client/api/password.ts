import type { Language } from '../../shared/languages.ts';
import type { ForgotPwdRequest, ResetPwdRequest, ResetPwdUnAuthData, ResetPwdUnAuthRequest } from '../../shared/schemas/password.ts';
import { request } from './http.ts';

/** The password calls of spec section 7; each resolves with the reply envelope. */
export function forgotPassword(body: ForgotPwdRequest) {
  return request<{ redirectUrl?: string }>('/api/Member/ForgotPwd', { method: 'POST', body });
}

/** Another reset mail; `userId` is the e-mail address or the id from a reset link. The reply does not tell whether it exists. */
export const RESEND_RESET_MAIL_PATH = '/api/Member/ResendResetPwdMail';

export function resendResetMail(userId: string, lang: Language) {
  return request(RESEND_RESET_MAIL_PATH, { method: 'POST', body: { userId, lang } });
}

export function checkResetToken(token: string, userId: string) {
  return request<{ reason?: string }>(
    `/api/Member/CheckResetPwdTokenIsExpired/${encodeURIComponent(token)}?userId=${encodeURIComponent(userId)}`,
  );
}

export function resetPasswordWithLink(body: ResetPwdUnAuthRequest) {
  return request<ResetPwdUnAuthData>('/api/Member/ResetPwdUnAuth', { method: 'POST', body });
}

export function changePassword(body: ResetPwdRequest) {
  return request('/api/Member/ResetPwd', { method: 'POST', body });
}

export const RESEND_REMINDER_MAIL_PATH = '/api/Member/ResendOneYearNotUpdatePwdMail';

export function resendReminderMail(userId: string | undefined, lang: Language) {
  return request(RESEND_REMINDER_MAIL_PATH, { method: 'POST', body: { ...(userId ? { userId } : {}), lang } });
}

/** Keeps the current password for another year; data is the callback URL to sign in to, or ''. */
export function keepPassword(memberId: string, tempId: string) {
  return request<string>('/api/Member/UpdateMemberPwdDate', { method: 'PUT', body: { memberId, tempId } });
}
