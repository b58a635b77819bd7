import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialOrigin } from '../../../shared/schemas/social.ts';
import { toastError } from '../../state/toasts.ts';
import { useLanguage } from '../../session/language-context.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { useVariant } from '../../variant.ts';
import { Button } from '../button.tsx';
import { SOCIAL_NAMES, startSocialSignIn } from './social-api.ts';
import { SOCIAL_MARKS } from './social-icons.tsx';

/**
 * Sign in or sign up with Google, Facebook, LinkedIn: only configured providers, none on the
 * Chinese site. An "or" sets them apart from the form: after it on login, before it on register.
 */
export function SocialButtons({ origin }: { origin: Exclude<SocialOrigin, 'connect'> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useUrlSession();
  const { socialTypes } = useVariant();
  const [busy, setBusy] = useState<number | undefined>();
  if (socialTypes.length === 0) return null;

  const start = async (socialType: number) => {
    setBusy(socialType);
    const code = await startSocialSignIn(
      { origin, socialType, pass: session.pass, callbackUrl: session.callbackUrl, queryString: session.queryString },
      lang,
    ).catch(() => 'SocialProfileError');
    if (code !== 'ok') {
      toastError({ messageKey: `error.${code}` });
      setBusy(undefined);
    }
  };

  const divider = <p className="divider">{t('social.or')}</p>;
  return (
    <>
      {origin === 'login' && divider}
      <div className="social-buttons" role="group" aria-label={t('social.buttonsLabel')}>
        {socialTypes.map((socialType) => {
          const name = SOCIAL_NAMES[socialType]!;
          const Mark = SOCIAL_MARKS[name];
          return (
            <Button
              key={socialType}
              variant="secondary"
              className={`button--block social-button social-button--${name}`}
              busy={busy === socialType}
              onClick={() => void start(socialType)}
            >
              {busy !== socialType && <Mark />}
              {t(`social.continueWith.${name}`)}
            </Button>
          );
        })}
      </div>
      {origin === 'register' && divider}
    </>
  );
}
