import { request } from '../../api/http.ts';
import type { RegisterRequest } from '../../../shared/schemas/register.ts';

export function register(payload: RegisterRequest) {
  return request('/api/Member/Register', { method: 'POST', body: payload });
}

export function isExist(email: string) {
  return request<{ isExist: boolean }>('/api/Member/IsExist', { method: 'POST', body: { email } });
}
