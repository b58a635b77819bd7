import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './sms-sender.ts';

let sequence = 0;
/** Names sort in sending order, like the mail outbox's. */
function fileName(): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${Date.now()}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}.sms.txt`;
}

/** Text messages as files in DATA_DIR/outbox (`To: <number>`, a blank line, the text), for a portal without an SMS gateway. */
export function outboxSmsSender(dataDir: string, logger: FastifyBaseLogger): SmsSender {
  const dir = join(dataDir, 'outbox');
  return {
    kind: 'outbox',
    async send({ to, text }) {
      await mkdir(dir, { recursive: true });
      const file = join(dir, fileName());
      await writeFile(file, `To: ${to}\n\n${text}\n`, 'utf8');
      logger.info({ file }, 'text message written to the outbox');
    },
  };
}
