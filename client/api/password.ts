import type { passwordPortal } from '../../shared/contract/portal/password.ts';
import type { Language } from '../../shared/languages.ts';
import { portalRequest, type PortalBody } from './portal-request.ts';

type Routes = typeof passwordPortal;

/** The password calls of spec section 7; each resolves with the reply envelope. */
export function forgotPassword(body: PortalBody<Routes['forgotPwd']>) {
  return portalRequest<Routes['forgotPwd']>('POST', '/api/Member/ForgotPwd', { body });
}

/** Another reset mail; `userId` is the e-mail address or the id from a reset link. The reply does not tell whether it exists. */
const RESEND_RESET_MAIL_PATH: Routes['resendResetPwdMail']['url'] = '/api/Member/ResendResetPwdMail';

export function resendResetMail(userId: string, lang: Language) {
  return portalRequest<Routes['resendResetPwdMail']>('POST', RESEND_RESET_MAIL_PATH, { body: { userId, lang } });
}

export function checkResetToken(token: string, userId: string) {
  return portalRequest<Routes['checkResetPwdToken']>('GET', '/api/Member/CheckResetPwdTokenIsExpired/:token', {
    params: { token },
    query: { userId },
  });
}

export function resetPasswordWithLink(body: PortalBody<Routes['resetPwdUnAuth']>) {
  return portalRequest<Routes['resetPwdUnAuth']>('POST', '/api/Member/ResetPwdUnAuth', { body });
}

export function changePassword(body: PortalBody<Routes['resetPwd']>) {
  return portalRequest<Routes['resetPwd']>('POST', '/api/Member/ResetPwd', { body });
}

const RESEND_REMINDER_MAIL_PATH: Routes['resendOneYearNotUpdatePwdMail']['url'] = '/api/Member/ResendOneYearNotUpdatePwdMail';

export function resendReminderMail(userId: string | undefined, lang: Language) {
  return portalRequest<Routes['resendOneYearNotUpdatePwdMail']>('POST', RESEND_REMINDER_MAIL_PATH, {
    body: { ...(userId ? { userId } : {}), lang },
  });
}

/** Keeps the current password for another year; data is the callback URL to sign in to, or ''. */
export function keepPassword(memberId: string, tempId: string) {
  return portalRequest<Routes['updateMemberPwdDate']>('PUT', '/api/Member/UpdateMemberPwdDate', { body: { memberId, tempId } });
}
