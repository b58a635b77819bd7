import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface TextMessage {
  to: string;
  text: string;
}

/** Every text message in DATA_DIR/outbox (`To: +…`, a blank line, the text), oldest first. */
export async function readTextMessages(dataDir: string): Promise<TextMessage[]> {
  const dir = join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.sms.txt')).sort();
  return Promise.all(
    names.map(async (name) => {
      const [head = '', ...body] = (await readFile(join(dir, name), 'utf8')).split('\n\n');
      return { to: head.replace(/^To: /, '').trim(), text: body.join('\n\n').trim() };
    }),
  );
}

/** The text messages to one number ('+4915…'). */
export async function textMessagesTo(dataDir: string, number: string): Promise<TextMessage[]> {
  return (await readTextMessages(dataDir)).filter((message) => message.to === number);
}

/** The six-digit code of the newest text message to the number. */
export async function latestCodeTo(dataDir: string, number: string): Promise<string> {
  const message = (await textMessagesTo(dataDir, number)).at(-1);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code was texted to ${number}`);
  return code;
}
