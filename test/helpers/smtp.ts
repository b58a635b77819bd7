import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './outbox.ts';

export interface ReceivedMail extends ParsedMail {
  /** The SMTP envelope: MAIL FROM and RCPT TO. */
  envelopeFrom: string;
  envelopeTo: string[];
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Waits until `count` messages to the address have arrived and returns the newest. */
  waitForMessage(to: string, options?: { count?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server on a loopback port (plain text, no authentication) that keeps what it
 * receives. `port`: the port of a server that was down and comes back. `host`: another
 * interface to listen on. `tls`: a key and certificate to offer STARTTLS with.
 */
export async function startSmtpServer(
  options: { port?: number; host?: string; tls?: { key: string; cert: string } } = {},
): Promise<SmtpCapture> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: options.tls ? ['AUTH'] : ['STARTTLS', 'AUTH'],
    ...(options.tls ?? {}),
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        parseMail(Buffer.concat(chunks))
          .then((mail) => {
            messages.push({
              ...mail,
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });

  return {
    url: `smtp://${options.host ?? '127.0.0.1'}:${port}`,
    messages,
    async waitForMessage(to, options = {}) {
      const count = options.count ?? 1;
      const deadline = Date.now() + (options.timeoutMs ?? 10_000);
      for (;;) {
        const received = messages.filter((m) => m.envelopeTo.includes(to.toLowerCase()));
        if (received.length >= count) return received[received.length - 1]!;
        if (Date.now() > deadline) throw new Error(`no message #${count} to ${to} arrived (got ${received.length})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A mail server that is down (nothing listens on its port) until `start()` brings it up there; stop what it returns. */
export async function smtpServerDown(): Promise<{ url: string; start(): Promise<SmtpCapture> }> {
  const probe = await startSmtpServer();
  await probe.stop();
  return { url: probe.url, start: () => startSmtpServer({ port: Number(new URL(probe.url).port) }) };
}
