import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialOrigin } from '../../../shared/schemas/social.ts';
import { toastError } from '../../state/toasts.ts';
import { useLanguage } from '../../session/language-context.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { useVariant } from '../../variant.ts';
import { Button } from '../../ui/button.tsx';
import { usePending } from '../../ui/use-pending.ts';
import { isProviderType, SOCIAL_NAMES, startSocialSignIn, type ProviderType } from './social-api.ts';
import { SOCIAL_MARKS } from './social-icons.tsx';

/**
 * Sign in or sign up with Google, Facebook, LinkedIn: only configured providers, none on the
 * Chinese site. Neutral outlined buttons with the providers' coloured marks, above the form and
 * set apart from it by an "or": the form's own button stays the one primary action.
 */
export function SocialButtons({ origin }: { origin: Exclude<SocialOrigin, 'connect'> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useUrlSession();
  const { socialTypes } = useVariant();
  // 'ok': the browser is on its way to the provider, so the button stays busy.
  const starting = usePending((socialType: ProviderType) =>
    startSocialSignIn({ origin, socialType, pass: session.pass, callbackUrl: session.callbackUrl, queryString: session.queryString }, lang)
      .catch(() => 'SocialProfileError')
      .then((code) => (code === 'ok' ? new Promise<never>(() => undefined) : code)),
  );
  const [chosen, setChosen] = useState<number | undefined>();
  const busy = starting.busy ? chosen : undefined;
  // Only the providers this client knows get a button.
  const providers = socialTypes.filter(isProviderType);
  if (providers.length === 0) return null;

  const start = async (socialType: ProviderType) => {
    setChosen(socialType);
    toastError({ messageKey: `error.${await starting.run(socialType)}` });
  };

  return (
    <>
      <div className="social-buttons" role="group" aria-label={t('social.buttonsLabel')}>
        {providers.map((socialType) => {
          const name = SOCIAL_NAMES[socialType];
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
      <p className="divider">{t('social.or')}</p>
    </>
  );
}
