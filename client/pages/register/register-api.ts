import { request } from '../../api/http.ts';
import type { RegisterRequest } from '../../../shared/schemas/register.ts';

export function register(payload: RegisterRequest) {
  return request('/api/Member/Register', { method: 'POST', body: payload });
}

export const IS_EXIST_PATH = '/api/Member/IsExist';

export function isExist(email: string) {
  return request<{ isExist: boolean }>(IS_EXIST_PATH, { method: 'POST', body: { email } });
}
