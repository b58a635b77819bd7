import { useState } from 'react';
import type { SocialType } from '../../../shared/enums.ts';
import type { SocialData } from '../../../shared/schemas/member.ts';
import { request } from '../../api/http.ts';
import { useLanguage } from '../../session/language-context.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { toastError, toastSuccess } from '../../state/toasts.ts';
import { useVariant } from '../../variant.ts';
import { startSocialSignIn } from './social-api.ts';

export interface SocialConnectActions {
  /** Connect: a round trip to the provider that comes back through social-login to my-account. */
  onConnect: (socialType: SocialType) => void;
  onDisconnect: (link: SocialData) => void;
  /** The provider whose action is running. */
  busyType: SocialType | undefined;
  /** The configured providers: only these can be connected. */
  socialTypes: readonly number[];
}

/** The Connect and Disconnect actions of the Connected Accounts cards; `onChanged` reloads the member. */
export function useSocialConnect(onChanged: () => void): SocialConnectActions {
  const lang = useLanguage();
  const session = useUrlSession();
  const [busyType, setBusyType] = useState<SocialType | undefined>();
  const { socialTypes } = useVariant();

  const onConnect = (socialType: SocialType) => {
    setBusyType(socialType);
    startSocialSignIn(
      { origin: 'connect', socialType, pass: session.pass, callbackUrl: session.callbackUrl, queryString: session.queryString },
      lang,
    )
      .catch(() => 'SocialProfileError')
      .then((code) => {
        if (code === 'ok') return;
        toastError({ messageKey: `error.${code}` });
        setBusyType(undefined);
      });
  };

  const onDisconnect = (link: SocialData) => {
    const socialType = link.socialType as SocialType;
    setBusyType(socialType);
    request('/api/Member/SocialConnect', { method: 'POST', body: { socialType, isConnect: false } })
      .then((reply) => {
        if (reply.isSuccess) toastSuccess('social.disconnected');
        else toastError({ messageKey: `error.${reply.code}`, text: reply.title });
        onChanged();
      })
      .catch(() => toastError({ messageKey: 'error.SocialProfileError' }))
      .finally(() => setBusyType(undefined));
  };

  return { onConnect, onDisconnect, busyType, socialTypes };
}
