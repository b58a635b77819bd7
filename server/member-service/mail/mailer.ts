import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail carries; logged when mails go to the outbox so a developer can follow it. */
  link?: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  dataDir: string;
  smtpUrl?: string;
  mailFrom: string;
  logger: FastifyBaseLogger;
}

/** Outbox file names sort by creation: time, a sequence number, then randomness against collisions. */
let sequence = 0;
function outboxFileName(): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${Date.now()}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`;
}

/**
 * A mail server that accepts connections and then stalls must not hold a delivery pass for
 * nodemailer's default minutes: the message is tried again later instead.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Mail goes to `.eml` files in DATA_DIR/outbox, or to the SMTP server of SMTP_URL. */
export function createMailer(options: MailerOptions): Mailer {
  const outboxDir = join(options.dataDir, 'outbox');
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const kind = options.smtpUrl ? 'smtp' : 'outbox';

  async function send(mail: OutgoingMail): Promise<void> {
    const info = await transport.sendMail({ from: options.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    if (kind === 'outbox') {
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, outboxFileName());
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      options.logger.info({ to: mail.to, subject: mail.subject, file, link: mail.link }, 'mail written to the outbox');
    } else {
      options.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    }
  }

  return { kind, send, close: () => transport.close() };
}
