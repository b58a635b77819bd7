import useSWR from 'swr';
import type { socialPortal } from '../../../shared/contract/portal/social.ts';
import { fetchData } from '../../api/http.ts';
import type { PortalData } from '../../api/portal-request.ts';

const SOCIAL_SIGN_UP_PATH: (typeof socialPortal)['signUp']['url'] = '/api/Member/SocialSignUp';

type SocialSignUp = PortalData<(typeof socialPortal)['signUp']>;

/**
 * The provider account a social sign-up registers with, null when there is none. Apart from
 * social-api.ts, which the login screen's buttons use: this read brings swr with it.
 */
export function useSocialSignUp(): SocialSignUp['identity'] | undefined {
  const { data } = useSWR<SocialSignUp>(SOCIAL_SIGN_UP_PATH, fetchData);
  return data?.identity;
}
