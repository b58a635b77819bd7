import type { FastifyBaseLogger } from 'fastify';
import { request } from 'undici';
import type { SmsSender } from './sms-sender.ts';

export interface WebhookOptions {
  url: string;
  token?: string;
  timeoutMs: number;
  logger: FastifyBaseLogger;
}

/**
 * Hands text messages to an SMS gateway: `POST <url>` with `{ "to": "+…", "text": "…" }`.
 * Any 2xx is accepted delivery; anything else, or no answer in time, is a failed delivery.
 */
export function webhookSmsSender(options: WebhookOptions): SmsSender {
  return {
    kind: 'webhook',
    async send({ to, text }) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await request(options.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to, text }),
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await response.body.dump();
      if (response.statusCode < 200 || response.statusCode >= 300) {
        throw new Error(`SMS webhook answered ${response.statusCode}`);
      }
      options.logger.info({ status: response.statusCode }, 'text message handed to the SMS webhook');
    },
  };
}
