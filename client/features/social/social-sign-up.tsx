import { useTranslation } from 'react-i18next';
import type { RegisterRequest } from '../../../shared/schemas/register.ts';
import type { SocialProfile } from '../../../shared/schemas/social.ts';
import { isProviderType, SOCIAL_NAMES } from './social-api.ts';

export type SocialSignUp = Omit<SocialProfile, 'socialId'>;

/** The form's starting values after a social sign-up: the provider account's e-mail and names. */
export function socialSignUpValues<T extends object>(initial: T, social: SocialSignUp | null | undefined): T {
  if (!social) return initial;
  const [firstName = '', ...rest] = social.socialName.trim().split(/\s+/);
  return { ...initial, email: social.socialEmail, firstName, lastName: rest.join(' ') };
}

/** A social sign-up sends no password: the portal registers the account it verified with the provider. */
export function socialSignUpPayload(payload: RegisterRequest, social: SocialSignUp | null | undefined): RegisterRequest {
  if (!social) return payload;
  const { password: _password, confirmPassword: _confirm, ...rest } = payload;
  return rest;
}

/** Shown instead of the password fields: the connected account the member signs up with. */
export function SocialSignUpAccount({ social }: { social: SocialSignUp }) {
  const { t } = useTranslation();
  const provider = t(`social.provider.${isProviderType(social.socialType) ? SOCIAL_NAMES[social.socialType] : 'google'}`);
  return (
    <div className="alert alert--info social-sign-up" role="status">
      <p>{t('social.signUpAccount', { provider, name: social.socialName, email: social.socialEmail })}</p>
      <p>{t('social.noPassword')}</p>
    </div>
  );
}
