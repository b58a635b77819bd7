import { CaptchaType } from '../../../shared/enums.ts';
import type { RegisterRequest } from '../../../shared/schemas/register.ts';

type CaptchaInput = NonNullable<RegisterRequest['captchaVerify']>;

/**
 * The `captchaVerify` of a request: the provider's token for types 1 and 2, the bare type 99
 * in the WeChat browser (the server decides whether that is allowed), nothing when captcha is off.
 */
export function captchaAnswer(type: CaptchaType | null | undefined, token: string | undefined): CaptchaInput | undefined {
  if (type === CaptchaType.Google || type === CaptchaType.Cloudflare) return { reCaptchaType: type, token: token ?? '' };
  if (type === CaptchaType.None) return { reCaptchaType: CaptchaType.None };
  return undefined;
}
