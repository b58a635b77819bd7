import type {
  LoginRequest,
  LoginResultData,
  OtpVerifyRequest,
  RefererLoginRequest,
  SendOtpCodeRequest,
} from '../../shared/schemas/auth.ts';
import type { Static } from '@sinclair/typebox';
import type { LogoutSchema, OtpSendSchema } from '../../shared/contract/portal-replies.ts';
import { request } from './http.ts';

/** The replies' data as the portal's contract declares them (shared/contract/portal-replies.ts). */
type Logout = Static<typeof LogoutSchema>;
type OtpSend = Static<typeof OtpSendSchema>;

export function login(body: LoginRequest) {
  return request<LoginResultData>('/api/Member/Login', { method: 'POST', body });
}

export function logout(query: { callbackUrl?: string; pass?: string }) {
  const params = new URLSearchParams();
  if (query.callbackUrl) params.set('callbackUrl', query.callbackUrl);
  if (query.pass) params.set('pass', query.pass);
  const search = params.toString();
  return request<Logout>(`/api/Member/Logout${search ? `?${search}` : ''}`);
}

/** Asks for a one-time sign-in code; data.remainingSeconds is where the resend countdown starts. */
export const SEND_OTP_CODE_PATH = '/api/Member/SendOtpCode';

export function sendOtpCode(body: SendOtpCodeRequest) {
  return request<OtpSend>(SEND_OTP_CODE_PATH, { method: 'POST', body });
}

export function otpVerify(body: OtpVerifyRequest) {
  return request<LoginResultData>('/api/Member/otpVerify', { method: 'POST', body });
}

/** The referer screen: signs in with the ticket a company site handed on. */
export function refererLogin(body: RefererLoginRequest) {
  return request<LoginResultData>('/api/Member/RefererLogin', { method: 'POST', body });
}
