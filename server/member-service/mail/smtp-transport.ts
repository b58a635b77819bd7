import { isIP } from 'node:net';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

/**
 * A mail server that accepts connections and then stalls must not hold a delivery pass for
 * nodemailer's default minutes: the message is tried again later instead.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** The mail server runs on this machine: nothing crosses a network, so cleartext reveals nothing. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/**
 * Nodemailer's settings for SMTP_URL. Mails carry sign-in codes and reset links and the URL may
 * carry the relay's password, so TLS is required: `smtps://` speaks it from the first byte,
 * `smtp://` must upgrade with STARTTLS (a server that does not offer it gets no mail), and the
 * certificate is checked. Only a loopback host, or an operator's explicit SMTP_ALLOW_PLAINTEXT,
 * may send in cleartext. Built from the URL's parts rather than handed the URL, whose query
 * could otherwise switch TLS off (`?ignoreTLS=true`).
 */
export function smtpTransportOptions(smtpUrl: string, allowPlaintext: boolean): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const implicitTls = url.protocol === 'smtps:';
  const plaintextAllowed = allowPlaintext || isLoopbackHost(url.hostname);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port === '' ? (implicitTls ? 465 : 587) : Number(url.port),
    secure: implicitTls,
    requireTLS: !implicitTls && !plaintextAllowed,
    ignoreTLS: false,
    tls: { rejectUnauthorized: true },
    ...(url.username || url.password ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    ...SMTP_TIMEOUTS,
  };
}
