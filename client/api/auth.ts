import type { LoginRequest, LoginResultData } from '../../shared/schemas/auth.ts';
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
