import { request } from 'undici';
import type { CaptchaProviderConfig } from './captcha-config.ts';

const MAX_REPLY_BYTES = 64 * 1024;

/**
 * Asks the provider whether a captcha answer is genuine (the siteverify protocol shared by
 * reCAPTCHA and Turnstile: form-encoded secret, response and remoteip; JSON `{ success, hostname }`).
 * An answer solved on a page of another host (a site key reused elsewhere) does not count, nor
 * does an unreachable provider or an unreadable reply.
 */
export async function siteverify(
  provider: CaptchaProviderConfig,
  token: string,
  remoteIp: string,
  portalHostnames: readonly string[],
  timeoutMs: number,
): Promise<boolean> {
  const form = new URLSearchParams({ secret: provider.secretKey, response: token, remoteip: remoteIp });
  try {
    const response = await request(provider.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const text = await response.body.text();
    if (response.statusCode !== 200 || text.length > MAX_REPLY_BYTES) return false;
    const reply = JSON.parse(text) as { success?: unknown; hostname?: unknown };
    const solvedHere = typeof reply.hostname !== 'string' || portalHostnames.includes(reply.hostname.toLowerCase());
    return reply.success === true && solvedHere;
  } catch {
    return false;
  }
}
