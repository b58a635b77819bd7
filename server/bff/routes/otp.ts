import { otpContract } from '../../../shared/contract/otp.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OtpVerifyType } from '../../../shared/enums.ts';
import { OTP_SEND_WINDOW_SECONDS } from '../../../shared/limits.ts';
import { signInPortal } from '../../../shared/contract/portal/sign-in.ts';
import { ok } from '../../../shared/schemas/reply.ts';
import { allowedCallbackUrl, isPortalUrl } from '../callback-url.ts';
import { strictRateLimit } from '../plugins/rate-limits.ts';
import { countOtpSend } from '../metrics/portal-metrics.ts';
import { ALLOWED_DURING_PASSWORD_CHANGE } from '../plugins/session.ts';
import { requestLanguage } from '../request-language.ts';
import { OtpSendWindow, type TextDestination } from '../sign-in/otp-send-window.ts';
import { passwordConfirmation } from '../sign-in/password-confirmation.ts';
import { securityEventRecorder } from '../sessions/security-event-recorder.ts';
import type { RouteDeps } from '../deps.ts';
import { relay } from './member-call.ts';
import { portalApi, served } from './portal-api.ts';

/** Sign-in by one-time code: sending it (within the send window) and signing in with it. */
export default async function otpRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, callbackPolicy, config, store, signIn } = deps;
  const window = new OtpSendWindow(store);
  const record = securityEventRecorder(upstream);
  const api = portalApi(app);
  const { sendOtpCode, otpVerify } = signInPortal;

  /**
   * The last digits of the number a code went to, for a phone request from a browser the member
   * has already signed in from (its device cookie). Anyone else gets the same reply for an unknown
   * address, a member without a proven number and one with it, so the phone channel tells
   * nothing about who has an account or a phone; an e-mail request never carries them.
   */
  async function shownDigits(request: FastifyRequest, otpVerifyType: number, text: TextDestination | undefined) {
    if (otpVerifyType !== OtpVerifyType.Phone || !text) return {};
    return (await deps.knownDevices.knows(request, text.memberId)) ? { lastThreeDigits: text.lastThreeDigits } : {};
  }

  // While a window runs no code is sent; the reply says how long it still runs, so the
  // browser starts its resend countdown there, whatever its cookies say.
  api.post(
    sendOtpCode.url,
    served(sendOtpCode, { ...strictRateLimit(config.otpRateLimitPerMinute), ...ALLOWED_DURING_PASSWORD_CHANGE }),
    async (request, reply) => {
      const { userId, otpVerifyType } = request.body;
      const account = OtpSendWindow.account(userId);
      const claim = await window.claim(account);
      if (!claim.claimed) {
        countOtpSend(otpVerifyType, 'window');
        return ok({
          showSendCode: true,
          remainingSeconds: claim.remainingSeconds,
          ...(await shownDigits(request, otpVerifyType, claim.text)),
        });
      }

      const lang = requestLanguage(request, request.body.lang);
      const result = await upstream
        .call(otpContract.sendOtpCode, {
          body: { userId, otpVerifyType, lang },
          language: lang,
        })
        .catch(async (error: unknown) => {
          countOtpSend(otpVerifyType, 'error');
          await window.release(account);
          throw error;
        });
      if (!result.body.isSuccess) {
        countOtpSend(otpVerifyType, { refused: result.body.code });
        await window.release(account);
        return relay(reply, result);
      }
      const { memberId, lastThreeDigits } = result.body.data ?? {};
      const text = memberId !== undefined && lastThreeDigits ? { memberId, lastThreeDigits } : undefined;
      await window.sent(account, text);
      countOtpSend(otpVerifyType, 'sent');
      // Not awaited: the reply takes as long whether or not the address has an account.
      void record(request, { type: 'codeSent', userId });
      return ok({ showSendCode: true, remainingSeconds: OTP_SEND_WINDOW_SECONDS, ...(await shownDigits(request, otpVerifyType, text)) });
    },
  );

  api.post(otpVerify.url, served(otpVerify, ALLOWED_DURING_PASSWORD_CHANGE), async (request, reply) => {
    const { userId, code, returnUrl, pass, otpVerifyType } = request.body;
    const allowedReturnUrl = allowedCallbackUrl(returnUrl, callbackPolicy);
    const local = allowedReturnUrl !== undefined && isPortalUrl(allowedReturnUrl, callbackPolicy);
    const confirmsPassword = passwordConfirmation.confirms(request, userId, otpVerifyType, deps.clock.now());
    return signIn.signIn(request, reply, {
      way: 'code',
      userId,
      localRedirect: local ? allowedReturnUrl : undefined,
      check: async (signedInFrom) => {
        const result = await upstream.call(otpContract.otpVerify, {
          body: {
            userId,
            code: code.trim(),
            pass,
            otpVerifyType,
            returnUrl: local ? undefined : allowedReturnUrl,
            confirmsPassword,
            signedInFrom,
          },
          language: requestLanguage(request),
        });
        if (result.body.isSuccess) passwordConfirmation.forget(request);
        return result;
      },
    });
  });
}
