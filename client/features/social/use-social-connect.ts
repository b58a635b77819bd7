import { useState } from 'react';
import useSWRMutation from 'swr/mutation';
import type { SocialType } from '../../../shared/enums.ts';
import type { BrowserSocialData } from '../../../shared/schemas/member.ts';
import type { socialPortal } from '../../../shared/contract/portal/social.ts';
import { portalRequest } from '../../api/portal-request.ts';
import { toastFailure } from '../../state/request-failure.ts';
import { useLanguage } from '../../session/language-context.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { toastError, toastSuccess } from '../../state/toasts.ts';
import { useVariant } from '../../variant.ts';
import { SOCIAL_AUTHORIZE_PATH, startSocialSignIn, type ProviderType } from './social-api.ts';

const SOCIAL_CONNECT_PATH: typeof socialPortal.connect.url = '/api/Member/SocialConnect';

export interface SocialConnectActions {
  /** Connect: a round trip to the provider that comes back through social-login to my-account. */
  onConnect: (socialType: ProviderType) => void;
  onDisconnect: (link: BrowserSocialData) => void;
  /** The provider whose action is running. */
  busyType: SocialType | undefined;
  /** The configured providers: only these can be connected. */
  socialTypes: readonly number[];
}

/** The Connect and Disconnect actions of the Connected Accounts cards; `onChanged` reloads the member. */
export function useSocialConnect(onChanged: () => void): SocialConnectActions {
  const lang = useLanguage();
  const session = useUrlSession();
  const { socialTypes } = useVariant();
  // 'ok': the browser is on its way to the provider, so the card stays busy.
  const connecting = useSWRMutation(SOCIAL_AUTHORIZE_PATH, (_path: string, { arg: socialType }: { arg: ProviderType }) =>
    startSocialSignIn(
      { origin: 'connect', socialType, pass: session.pass, callbackUrl: session.callbackUrl, queryString: session.queryString },
      lang,
    )
      .catch(() => 'SocialProfileError')
      .then((code) => (code === 'ok' ? new Promise<never>(() => undefined) : code)),
  );
  const disconnecting = useSWRMutation(SOCIAL_CONNECT_PATH, (_path: string, { arg: socialType }: { arg: ProviderType }) =>
    portalRequest<typeof socialPortal.connect>('POST', SOCIAL_CONNECT_PATH, { body: { socialType, isConnect: false } }),
  );
  const [chosen, setChosen] = useState<SocialType | undefined>();

  const onConnect = (socialType: ProviderType) => {
    setChosen(socialType);
    void connecting.trigger(socialType).then((code) => toastError({ messageKey: `error.${code}` }));
  };

  const onDisconnect = (link: BrowserSocialData) => {
    // A link is only ever made with a provider the portal knows (the cards show those alone).
    const socialType = link.socialType as ProviderType;
    setChosen(socialType);
    disconnecting.trigger(socialType).then(
      (reply) => {
        if (reply.isSuccess) toastSuccess('social.disconnected');
        else toastFailure(reply);
        onChanged();
      },
      () => toastError({ messageKey: 'error.SocialProfileError' }),
    );
  };

  const busyType = connecting.isMutating || disconnecting.isMutating ? chosen : undefined;
  return { onConnect, onDisconnect, busyType, socialTypes };
}
