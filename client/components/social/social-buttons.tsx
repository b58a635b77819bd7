import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialOrigin } from '../../../shared/schemas/social.ts';
import { toastError } from '../../state/toasts.ts';
import { useLanguage } from '../../session/language-context.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { useVariant } from '../../variant.ts';
import { Button } from '../button.tsx';
import { SOCIAL_NAMES, startSocialSignIn } from './social-api.ts';

/** Sign in or sign up with Google, Facebook, LinkedIn: only configured providers, none on the Chinese site. */
export function SocialButtons({ origin }: { origin: Exclude<SocialOrigin, 'connect'> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useUrlSession();
  const { socialTypes } = useVariant();
  const [busy, setBusy] = useState<number | undefined>();
  if (socialTypes.length === 0) return null;

  const start = async (socialType: number) => {
    setBusy(socialType);
    const code = await startSocialSignIn({ origin, socialType, pass: session.pass, callbackUrl: session.callbackUrl, queryString: session.queryString }, lang).catch(
      () => 'SocialProfileError',
    );
    if (code !== 'ok') {
      toastError({ messageKey: `error.${code}` });
      setBusy(undefined);
    }
  };

  return (
    <div className="social-buttons" role="group" aria-label={t('social.buttonsLabel')}>
      <p className="social-buttons__divider">{t(origin === 'login' ? 'social.signInWith' : 'social.signUpWith')}</p>
      {socialTypes.map((socialType) => (
        <Button key={socialType} variant="secondary" className={`button--block social-button social-button--${SOCIAL_NAMES[socialType]}`} busy={busy === socialType} onClick={() => void start(socialType)}>
          {t(`social.continueWith.${SOCIAL_NAMES[socialType]}`)}
        </Button>
      ))}
    </div>
  );
}
