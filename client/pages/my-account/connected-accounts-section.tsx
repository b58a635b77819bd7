import { useTranslation } from 'react-i18next';
import { SocialType } from '../../../shared/enums.ts';
import type { BrowserSocialData } from '../../../shared/schemas/member.ts';
import { Button } from '../../ui/button.tsx';
import { SOCIAL_NAMES, type ProviderType } from '../../features/social/social-api.ts';
import { SOCIAL_MARKS } from '../../features/social/social-icons.tsx';
import { useLanguage } from '../../session/language-context.ts';
import { AccountSection } from './account-section.tsx';
import { shortMonthDate } from './dates.ts';

/** The providers in the order the cards show them (spec section 2, Connected Accounts). */
const SOCIAL_PROVIDERS = [
  { type: SocialType.Facebook, name: 'Facebook' },
  { type: SocialType.Google, name: 'Google' },
  { type: SocialType.LinkedIn, name: 'LinkedIn' },
] as const;

export interface ConnectedAccountsSectionProps {
  socialData: readonly BrowserSocialData[];
  /** Starts connecting a provider; the button is disabled while no handler is given. */
  onConnect?: (socialType: ProviderType) => void;
  onDisconnect?: (link: BrowserSocialData) => void;
  /** The provider whose connect or disconnect is running (its button shows a spinner). */
  busyType?: SocialType;
  /** Providers the portal is configured for: only these offer Connect. */
  socialTypes?: readonly number[];
}

/**
 * One card per provider: 'Not connected' with Connect, or the linked account's name and since
 * when. My account shows the section only where a provider is configured or an account is
 * linked (my-account-page.tsx).
 */
export function ConnectedAccountsSection({ socialData, onConnect, onDisconnect, busyType, socialTypes }: ConnectedAccountsSectionProps) {
  const { t } = useTranslation();
  const lang = useLanguage();

  return (
    <AccountSection id="connected-accounts" title="account.social.title">
      <ul className="social-cards">
        {SOCIAL_PROVIDERS.map(({ type, name }) => {
          const link = socialData.find((candidate) => candidate.socialType === type);
          const Mark = SOCIAL_MARKS[SOCIAL_NAMES[type]!];
          return (
            <li key={type} className="social-card" aria-label={name}>
              <span className="social-card__provider">
                <span className={`social-card__mark social-card__mark--${SOCIAL_NAMES[type]}`}>
                  <Mark />
                </span>
                {name}
              </span>
              {link ? (
                <>
                  <span className="social-card__name">{link.socialName || link.socialEmail}</span>
                  <span className="social-card__date">{t('account.social.since', { date: shortMonthDate(link.registerDate, lang) })}</span>
                  <Button variant="secondary" disabled={!onDisconnect} busy={busyType === type} onClick={() => onDisconnect?.(link)}>
                    {t('account.social.disconnect')}
                  </Button>
                </>
              ) : (
                <>
                  <span className="social-card__name social-card__name--none">{t('account.social.notConnected')}</span>
                  {(!socialTypes || socialTypes.includes(type)) && (
                    <Button variant="secondary" disabled={!onConnect} busy={busyType === type} onClick={() => onConnect?.(type)}>
                      {t('account.social.connect')}
                    </Button>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
    </AccountSection>
  );
}
