import type { Static } from '@sinclair/typebox';
import type { CaptchaVerifySchema } from '../../shared/schemas/register.ts';

export type CaptchaInput = Static<typeof CaptchaVerifySchema>;

/** 'not-configured' lets a request through: the portal runs without captcha until keys are set. */
export type CaptchaOutcome = 'passed' | 'failed' | 'not-configured';

/**
 * Server-side captcha check. Implementations for Google reCAPTCHA (type 1) and Cloudflare
 * Turnstile (type 2) verify the token with the provider; the type the browser claims only picks
 * the provider, it can never switch the check off.
 */
export interface CaptchaVerifier {
  verify(input: CaptchaInput | undefined, remoteIp: string): Promise<CaptchaOutcome>;
}

export const captchaNotConfigured: CaptchaVerifier = {
  async verify() {
    return 'not-configured';
  },
};
