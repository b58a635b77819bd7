import type { FastifyBaseLogger } from 'fastify';
import { outboxSmsSender } from './outbox-sms.ts';
import type { SmsSender } from './sms-sender.ts';
import { webhookSmsSender } from './webhook-sms.ts';

export interface SmsSenderOptions {
  dataDir: string;
  /** Unset: messages go to text files in DATA_DIR/outbox. */
  webhookUrl?: string;
  /** Sent as `Authorization: Bearer <token>` to the webhook when set. */
  webhookToken?: string;
  timeoutMs?: number;
  logger: FastifyBaseLogger;
}

export function createSmsSender(options: SmsSenderOptions): SmsSender {
  return options.webhookUrl
    ? webhookSmsSender({
        url: options.webhookUrl,
        token: options.webhookToken,
        timeoutMs: options.timeoutMs ?? 10_000,
        logger: options.logger,
      })
    : outboxSmsSender(options.dataDir, options.logger);
}
