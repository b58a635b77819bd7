import type { FastifyRequest } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { CaptchaType } from '../../../shared/enums.ts';
import type { CaptchaVerifySchema } from '../../../shared/schemas/register.ts';
import type { CaptchaConfig } from './captcha-config.ts';
import { chooseCaptcha, type CaptchaChoice } from './captcha-choice.ts';
import { siteverify } from './siteverify.ts';
import { ReplyError } from '../errors.ts';

type CaptchaInput = Static<typeof CaptchaVerifySchema>;

/**
 * The captcha of the portal's mail-sending and account-creating forms. The BFF, not the
 * browser, decides which captcha a request needs; the type the browser claims is never trusted,
 * so claiming 99 (WeChat) or another provider cannot switch the check off.
 */
export interface CaptchaGate {
  /** The captcha a page shows for this request (GET /api/info/PortalConfig). */
  choose(request: FastifyRequest): CaptchaChoice;
  /** Resolves when the answer passes for this request; otherwise throws 400 `Form_ReCaptcha_Invalid`. */
  require(request: FastifyRequest, input: CaptchaInput | undefined): Promise<void>;
}

/** `publicOrigin` and the Chinese hosts are where the portal's pages, and so its captchas, are shown. */
export function createCaptchaGate(config: CaptchaConfig, publicOrigin: string, timeoutMs: number): CaptchaGate {
  const portalHostnames = [new URL(publicOrigin).hostname.toLowerCase(), ...config.chineseHosts];
  const choose = (request: FastifyRequest) =>
    chooseCaptcha(config, { hostname: request.hostname, userAgent: request.headers['user-agent'] });

  return {
    choose,
    async require(request, input) {
      const choice = choose(request);
      if (choice.unconfigured) {
        request.log.error({ host: request.hostname }, "captcha refused: this host's provider has no keys while the other one has");
        throw new ReplyError(400, 'Form_ReCaptcha_Invalid');
      }
      if (choice.type === null || choice.type === CaptchaType.None) return;
      const token = input?.token;
      const passed =
        choice.provider !== undefined &&
        typeof token === 'string' &&
        token !== '' &&
        (await siteverify(choice.provider, token, request.ip, portalHostnames, timeoutMs));
      if (!passed) throw new ReplyError(400, 'Form_ReCaptcha_Invalid');
    },
  };
}
