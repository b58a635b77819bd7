import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Shared by mail and text messages, so the names of both sort in sending order. */
let sequence = 0;
function fileName(extension: string): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${Date.now()}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}${extension}`;
}

/**
 * Writes one message to DATA_DIR/outbox, for a portal without a mail server or SMS gateway, and
 * returns the file's path. Written under a temporary name and then renamed, so whoever reads the
 * outbox never sees half a message.
 */
export async function writeOutboxFile(dataDir: string, extension: '.eml' | '.sms.txt', content: string | Buffer): Promise<string> {
  const dir = join(dataDir, 'outbox');
  await mkdir(dir, { recursive: true });
  const file = join(dir, fileName(extension));
  await writeFile(`${file}.partial`, content);
  await rename(`${file}.partial`, file);
  return file;
}
