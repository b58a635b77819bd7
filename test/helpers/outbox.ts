import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';

export interface ParsedMail {
  /** The .eml file in the outbox, or '' for a mail received otherwise. */
  file: string;
  from: string;
  /** Recipient addresses, lowercased, comma-separated. */
  to: string;
  subject: string;
  text: string;
  html: string;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase())).join(', ');
}

export async function parseMail(raw: Buffer | string, file = ''): Promise<ParsedMail> {
  const mail = await simpleParser(raw);
  return {
    file,
    from: addresses(mail.from),
    to: addresses(mail.to),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
  };
}

/** Every mail in DATA_DIR/outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<ParsedMail[]> {
  const dir = join(dataDir, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  const emls = files.filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(emls.map(async (f) => parseMail(await readFile(join(dir, f)), join(dir, f))));
}

/** The first URL in the mail (plain text, then HTML links) that matches the pattern. */
export function findLink(mail: ParsedMail, pattern: RegExp | string): string | undefined {
  const urls = [
    ...(mail.text.match(/https?:\/\/[^\s<>"']+/g) ?? []),
    ...[...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&')),
  ];
  const test = typeof pattern === 'string' ? (url: string) => url.includes(pattern) : (url: string) => pattern.test(url);
  return urls.find(test);
}

const mailsTo = (mails: ParsedMail[], to: string) => mails.filter((m) => m.to.split(', ').includes(to.toLowerCase()));

/**
 * Waits until the outbox holds at least `count` mails to the address (mails may be sent after
 * the reply) and returns the newest of them. Gives up after `timeoutMs`.
 */
export async function waitForMail(dataDir: string, to: string, options: { count?: number; timeoutMs?: number } = {}): Promise<ParsedMail> {
  const count = options.count ?? 1;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const mails = mailsTo(await readOutbox(dataDir), to);
    if (mails.length >= count) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail #${count} to ${to} in ${dataDir}/outbox (found ${mails.length})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
