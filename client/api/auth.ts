import type {
  LoginRequest,
  LoginResultData,
  OtpVerifyRequest,
  RefererLoginRequest,
  SendOtpCodeRequest,
} from '../../shared/schemas/auth.ts';
import { request } from './http.ts';

export function login(body: LoginRequest) {
  return request<LoginResultData>('/api/Member/Login', { method: 'POST', body });
}

export function logout(query: { callbackUrl?: string; pass?: string }) {
  const params = new URLSearchParams();
  if (query.callbackUrl) params.set('callbackUrl', query.callbackUrl);
  if (query.pass) params.set('pass', query.pass);
  const search = params.toString();
  return request<{ redirectUrl?: string }>(`/api/Member/Logout${search ? `?${search}` : ''}`);
}

/** Asks for a one-time sign-in code; data.remainingSeconds is where the resend countdown starts. */
export const SEND_OTP_CODE_PATH = '/api/Member/SendOtpCode';

export function sendOtpCode(body: SendOtpCodeRequest) {
  return request<LoginResultData>(SEND_OTP_CODE_PATH, { method: 'POST', body });
}

export function otpVerify(body: OtpVerifyRequest) {
  return request<LoginResultData>('/api/Member/otpVerify', { method: 'POST', body });
}

/** The referer screen: signs in with the ticket a company site handed on. */
export function refererLogin(body: RefererLoginRequest) {
  return request<LoginResultData>('/api/Member/RefererLogin', { method: 'POST', body });
}
