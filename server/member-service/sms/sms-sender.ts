import type { FastifyBaseLogger } from 'fastify';
import { outboxSmsSender } from './outbox-sms.ts';
import { webhookSmsSender } from './webhook-sms.ts';

export interface OutgoingSms {
  /** International number: '+', calling code and digits. */
  to: string;
  text: string;
}

/** Sends text messages; rejects when the message could not be handed over for delivery. */
export interface SmsSender {
  readonly kind: 'outbox' | 'webhook';
  send(sms: OutgoingSms): Promise<void>;
}

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

/** The number a member's mobile fields make: '+49' and '15123456789' give '+4915123456789'. */
export function internationalNumber(countryCode: string, mobile: string): string {
  return `+${countryCode.replace(/\D/g, '')}${mobile.replace(/\D/g, '')}`;
}
