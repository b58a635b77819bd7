import type { FastifyBaseLogger } from 'fastify';
import { writeOutboxFile } from '../delivery/outbox-file.ts';
import type { SmsSender } from './sms-sender.ts';

/** Text messages as files in DATA_DIR/outbox (`To: <number>`, a blank line, the text), for a portal without an SMS gateway. */
export function outboxSmsSender(dataDir: string, logger: FastifyBaseLogger): SmsSender {
  return {
    kind: 'outbox',
    async send({ to, text }) {
      const file = await writeOutboxFile(dataDir, '.sms.txt', `To: ${to}\n\n${text}\n`);
      logger.info({ file }, 'text message written to the outbox');
    },
  };
}
