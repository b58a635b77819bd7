import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundTasks } from '../background.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  isMessageKind,
  MESSAGE_KINDS,
  parseParams,
  type MessageKindName,
  type MessageParams,
  type ReadyMessage,
  type WriteContext,
} from '../mail/message-kinds.ts';
import { mailsTotal } from '../metrics/member-metrics.ts';
import type { SmsSender } from '../sms/sms-sender.ts';
import type { MessageDraft } from '../store/outgoing-messages.ts';
import type { OutgoingMessageRow } from '../store/schema.ts';
import type { PeriodicJob } from './runner.ts';

/** What became of one attempt: handed over, tried again later, given up, or no longer applying. */
export type DeliveryOutcome = 'sent' | 'retried' | 'failed' | 'skipped';

export interface MessageDeliveryOptions {
  ctx: WriteContext;
  mailer: Mailer;
  sms: SmsSender;
  logger: FastifyBaseLogger;
  background: BackgroundTasks;
  /** Delay before the first retry; it doubles with every failed attempt up to MAX_RETRY_DELAY_MS. */
  retryMs: number;
  /** How often each instance looks for messages due for a retry; 0: never on a timer. */
  pollMs: number;
  /** How long a message is tried before it is given up, unless its kind says less. */
  giveUpMs: number;
}

export const DELIVERY_JOB = 'deliver-messages';
const MAX_RETRY_DELAY_MS = 15 * 60_000;
/** How long an attempt may take before another instance may take the message over. */
const CLAIM_MS = 2 * 60_000;
/** A pass stops taking new messages after this long, well within its lease. */
const PASS_BUDGET_MS = 60_000;
const BATCH = 50;
/** Messages a pass hands over at the same time: a slow mail server does not hold up the rest. */
const PARALLEL_SENDS = 4;
const FAILED_KEPT_MS = 30 * 24 * 60 * 60_000;

/** Exponential backoff with a little jitter, so that messages failed together do not retry together. */
export function retryDelay(attempts: number, firstMs: number, random = Math.random): number {
  const exponential = Math.min(firstMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

/**
 * Sends queued mails and text messages (store/outgoing-messages.ts). Queueing starts a pass on
 * this instance right away; the periodic job `deliver-messages`, under the job runner's lease,
 * retries what failed with exponential backoff and takes over what a stopped instance left.
 * Each attempt first claims its message with a conditional update, so with any number of
 * instances a message is attempted by one at a time and, once handed over, never again.
 */
export class MessageDelivery {
  /** Identifies this instance's claims. */
  readonly claimant = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private passRequested = false;
  private passRunning = false;
  private stopped = false;
  /**
   * What this instance could not record while the database was away (a mail sent, a failed
   * attempt), tried again at every pass: otherwise a sent mail would go again once its claim ran
   * out, and a failed one would wait for that before its retry.
   */
  private readonly unsettled = new Map<number, () => Promise<void>>();

  constructor(private readonly options: MessageDeliveryOptions) {}

  /** A message to queue, for store calls that queue it in their own transaction. */
  draft(kind: MessageKindName, params: MessageParams): MessageDraft {
    const worth = Math.min(MESSAGE_KINDS[kind].worthMs ?? Infinity, this.options.giveUpMs);
    return { kind, topic: MESSAGE_KINDS[kind].topic, params: { ...params }, deliverBy: this.options.ctx.clock.now() + worth };
  }

  /** Queues a message for the member and starts sending it. */
  async queue(memberId: number, kind: MessageKindName, params: MessageParams): Promise<void> {
    await this.options.ctx.store.outgoingMessages.queue(memberId, [this.draft(kind, params)], this.options.ctx.clock.now());
    this.deliverSoon();
  }

  /**
   * Queues a message and attempts it at once, for replies that say whether it went (text
   * messages). False when that attempt failed; the message stays queued for its retries.
   */
  async queueAndSend(memberId: number, kind: MessageKindName, params: MessageParams): Promise<boolean> {
    const [id] = await this.options.ctx.store.outgoingMessages.queue(memberId, [this.draft(kind, params)], this.options.ctx.clock.now());
    const outcome = await this.attempt(id!);
    // Claimed by another instance's pass meanwhile: it is on its way there.
    return outcome === undefined || outcome === 'sent' || outcome === 'skipped';
  }

  /** Starts a pass on this instance after the current work (a commit that queued messages); passes asked for meanwhile run once more. */
  deliverSoon(): void {
    if (this.stopped) return;
    this.passRequested = true;
    if (this.passRunning) return;
    this.passRunning = true;
    this.options.background.run('delivering messages', async () => {
      try {
        while (this.passRequested && !this.stopped) {
          this.passRequested = false;
          // Let the reply that queued the message leave first.
          await new Promise((resolve) => setImmediate(resolve));
          await this.pass();
        }
      } finally {
        this.passRunning = false;
      }
    });
  }

  /** Attempts every message that is due, oldest first, for at most PASS_BUDGET_MS. */
  async pass(): Promise<void> {
    await this.settleLeftovers();
    const started = performance.now();
    const inBudget = () => !this.stopped && performance.now() - started < PASS_BUDGET_MS;
    let afterId = 0;
    while (inBudget()) {
      const due = await this.options.ctx.store.outgoingMessages.due(this.options.ctx.clock.now(), afterId, BATCH);
      afterId = due.at(-1)?.id ?? afterId;
      const waiting = [...due];
      const worker = async () => {
        for (let row = waiting.shift(); row && inBudget(); row = waiting.shift()) await this.attempt(row.id);
      };
      await Promise.all(Array.from({ length: PARALLEL_SENDS }, worker));
      if (due.length < BATCH) return;
    }
  }

  /** The periodic job: retries and leftovers, on one instance at a time; forgets long given-up messages. */
  job(): PeriodicJob {
    return {
      name: DELIVERY_JOB,
      intervalMs: this.options.pollMs,
      pollMs: this.options.pollMs,
      frequent: true,
      leaseMs: PASS_BUDGET_MS + CLAIM_MS,
      run: async (store, clock) => {
        await this.pass();
        await store.outgoingMessages.forgetFailedBefore(clock.now() - FAILED_KEPT_MS);
      },
    };
  }

  /** Takes no more messages; passes under way end after their current attempt. */
  stop(): void {
    this.stopped = true;
  }

  /** Claims and attempts one message; undefined when it was not this instance's to attempt. */
  private async attempt(id: number): Promise<DeliveryOutcome | undefined> {
    const { store, clock } = this.options.ctx;
    const now = clock.now();
    const row = await store.outgoingMessages.claim(id, this.claimant, now, now + CLAIM_MS);
    if (!row) return undefined;
    const outcome = await this.deliver(row);
    mailsTotal.inc({ kind: row.kind, outcome });
    return outcome;
  }

  private async deliver(row: OutgoingMessageRow): Promise<DeliveryOutcome> {
    const { ctx, mailer, sms } = this.options;
    let ready: ReadyMessage | undefined;
    try {
      // A newer message of its topic (queued while this one was being tried) makes it pointless.
      const member = (await ctx.store.outgoingMessages.superseded(row)) ? undefined : await ctx.store.members.findById(row.member_id);
      ready = member && isMessageKind(row.kind) ? await MESSAGE_KINDS[row.kind].write(ctx, member, parseParams(row.params)) : undefined;
      if (ready && 'mail' in ready) await mailer.send(ready.mail);
      else if (ready) await sms.send(ready.sms);
    } catch (error) {
      await ready
        ?.undelivered?.()
        .catch((cause: unknown) =>
          this.options.logger.warn({ err: cause, messageId: row.id }, 'could not void what an undelivered message carried'),
        );
      return this.failed(row, error);
    }
    await this.settle(row.id, () => ctx.store.outgoingMessages.finish(row.id, this.claimant));
    return ready ? 'sent' : 'skipped';
  }

  private async failed(row: OutgoingMessageRow, error: unknown): Promise<DeliveryOutcome> {
    const { ctx, logger, retryMs } = this.options;
    const attempts = row.attempts + 1;
    const failure = { attempts, error: error instanceof Error ? error.message : String(error) };
    const nextAttemptAt = ctx.clock.now() + retryDelay(attempts, retryMs);
    const about = { err: error, messageId: row.id, kind: row.kind, attempts };
    if (nextAttemptAt > row.deliver_by) {
      logger.error(about, 'message given up');
      await this.settle(row.id, () => ctx.store.outgoingMessages.giveUp(row.id, this.claimant, failure));
      return 'failed';
    }
    logger.warn({ ...about, nextAttemptAt: new Date(nextAttemptAt).toISOString() }, 'message not delivered; trying again later');
    await this.settle(row.id, () => ctx.store.outgoingMessages.retryAt(row.id, this.claimant, nextAttemptAt, failure));
    return 'retried';
  }

  /** Records what became of a message, or keeps it to record at the next pass. */
  private async settle(id: number, record: () => Promise<void>): Promise<void> {
    try {
      await record();
      this.unsettled.delete(id);
    } catch (error) {
      // Should this instance stop before it can record it, the claim runs out and the message goes again: at least once, never lost.
      this.options.logger.warn({ err: error, messageId: id }, 'could not record a message attempt; trying again at the next pass');
      this.unsettled.set(id, record);
    }
  }

  private async settleLeftovers(): Promise<void> {
    for (const [id, record] of [...this.unsettled]) await this.settle(id, record);
  }
}
