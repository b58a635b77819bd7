import { startAuthentication, WebAuthnAbortService, type AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginResultData } from '../../../shared/schemas/auth.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import { Button } from '../../ui/button.tsx';
import { usePending } from '../../ui/use-pending.ts';
import { useBrowserValue } from '../../session/use-browser-value.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { passkeyLogin, passkeyLoginOptions, passkeysAvailable } from '../../api/passkeys.ts';

export interface PasskeySignInProps {
  /** A sign-in reply, followed like the password sign-in's (continueAfterSignIn). */
  onReply: (reply: Reply<LoginResultData>) => Promise<unknown>;
  /** A code to show (error.<code>) when the passkey could not be used. */
  onError: (code: string) => void;
}

/** The member closed the browser's dialog, or another ceremony replaced this one: nothing to say. */
const CANCELLED = new Set(['NotAllowedError', 'AbortError']);

/**
 * "Sign in with a passkey", and the browser's passkey suggestions in the e-mail field's
 * autofill (conditional UI, `autocomplete="username webauthn"`) where the browser offers them.
 * Either way the browser answers a challenge bound to this session, and the reply goes the way
 * of every sign-in.
 */
export function PasskeySignIn({ onReply, onError }: PasskeySignInProps) {
  const { t } = useTranslation();
  const session = useUrlSession();
  // The build paints the screen without WebAuthn (scripts/prerender.ts): the button comes once hydrated.
  const supported = useBrowserValue(passkeysAvailable, false);
  // The answer the browser gave goes the way of every sign-in.
  const finishing = usePending((credential: AuthenticationResponseJSON) =>
    passkeyLogin({ credential, returnUrl: session.callbackUrl || undefined, pass: session.pass || undefined }).then(onReply),
  );

  const signIn = async (autofill: boolean) => {
    // A sign-in sent meanwhile calls the request off (api/passkeys.ts): nothing to say then.
    const options = await passkeyLoginOptions().catch((error: unknown) => {
      if ((error as Error).name === 'AbortError') return undefined;
      throw error;
    });
    if (options === undefined) return;
    if (!options.isSuccess || !options.data) {
      if (!autofill) onError(options.code);
      return;
    }
    let credential;
    try {
      credential = await startAuthentication({ optionsJSON: options.data, useBrowserAutofill: autofill });
    } catch (error) {
      if (!autofill && !CANCELLED.has((error as Error).name)) onError('PasskeyNotAccepted');
      return;
    }
    await finishing.run(credential);
  };
  // The button: busy from the press until the sign-in is followed (the browser's dialog included).
  const pressed = usePending(() => signIn(false));

  useEffect(() => {
    if (!supported) return;
    let active = true;
    void PublicKeyCredential.isConditionalMediationAvailable?.().then((available) => {
      if (available && active) void signIn(true).catch(() => undefined);
    });
    // Leaving the screen (or the password mode) ends the pending autofill request.
    return () => {
      active = false;
      WebAuthnAbortService.cancelCeremony();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the autofill request starts once per visit of the screen
  }, [supported]);

  if (!supported) return null;
  return (
    <p className="login__switch">
      <Button variant="link" busy={pressed.busy || finishing.busy} onClick={() => void pressed.run().catch(() => onError('network'))}>
        {t('login.passkey.button')}
      </Button>
    </p>
  );
}
