import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { writeOutboxFile } from '../delivery/outbox-file.ts';
import { smtpTransportOptions } from './smtp-transport.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  dataDir: string;
  smtpUrl?: string;
  /** SMTP_ALLOW_PLAINTEXT: send over a cleartext connection to a host that is not loopback. */
  smtpAllowPlaintext?: boolean;
  mailFrom: string;
  logger: FastifyBaseLogger;
}

/** The transport of SMTP_URL, or one that writes each message out whole for the outbox. */
async function openTransport(options: MailerOptions): Promise<Transporter> {
  const { default: nodemailer } = await import('nodemailer');
  return options.smtpUrl
    ? nodemailer.createTransport(smtpTransportOptions(options.smtpUrl, options.smtpAllowPlaintext ?? false))
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
}

/**
 * Mail goes to `.eml` files in DATA_DIR/outbox, or to the SMTP server of SMTP_URL. nodemailer
 * (about 60 ms to import) is loaded by the first mail, not at every start.
 */
export function createMailer(options: MailerOptions): Mailer {
  let opening: Promise<Transporter> | undefined;
  const kind = options.smtpUrl ? 'smtp' : 'outbox';

  async function send(mail: OutgoingMail): Promise<void> {
    opening ??= openTransport(options);
    const transport = await opening;
    const info = await transport.sendMail({ from: options.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    if (kind === 'outbox') {
      const file = await writeOutboxFile(options.dataDir, '.eml', (info as unknown as { message: Buffer }).message);
      // The file, never the link: a link's token signs in or resets a password, and logs travel further than mail.
      options.logger.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
    } else {
      options.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    }
  }

  const close = (): void => void opening?.then((transport) => transport.close());
  return { kind, send, close };
}
