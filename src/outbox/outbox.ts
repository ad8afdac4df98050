/**
 * The transactional outbox. A change that needs a side effect outside our
 * database (cancel a subscription, revoke a token) enqueues a message in its
 * own transaction; this processor carries the messages out afterwards and
 * retries each until its handler succeeds, so a provider outage neither
 * blocks the change nor loses the side effect.
 *
 * Claiming is a lease, not a held lock: a claimed message is pushed
 * LEASE_MS into the future before its handler runs outside any transaction
 * (an open transaction would stall the single-connection embedded database
 * for the length of a provider call). The lease is a minute, started again
 * when a message's turn in its batch comes and renewed while its handler
 * runs; if the process dies mid-handler, the lease lapses and the message
 * runs again about a minute later, so handlers must be idempotent.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Database, Executor } from '../db/client.ts';
import { underRenewedLease } from '../lease-heartbeat.ts';
import type { JobReport, QueueBacklog } from '../observability/service-metrics.ts';
import { PollLoop } from '../poll-loop.ts';
import { outboxMessages } from './tables.ts';

export interface OutboxMessage {
  topic: string;
  payload: Record<string, unknown>;
}

export type OutboxHandler = (payload: Record<string, unknown>) => Promise<void>;

/** How long a claimed message is hidden from other processors without a renewal (issue 24: a crashed batch resumes in about a minute). */
export const LEASE_MS = 60_000;
/** Retry backoff: 5 s doubling per attempt, capped at an hour; no attempt limit ("until done"). */
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60 * 60_000;
const BATCH_SIZE = 10;

function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export class Outbox {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger;
  readonly #report: JobReport | undefined;
  readonly #handlers = new Map<string, OutboxHandler>();
  readonly #poll = new PollLoop(
    () => this.processDue(),
    (error) => this.#log.error({ err: error }, 'outbox poll failed'),
  );

  /** `report`: told how each attempt ended, under the queue `outbox:<topic>` (the outbox retries for ever: never `dead`). */
  constructor(db: Database, clock: Clock, log: FastifyBaseLogger, report?: JobReport) {
    this.#db = db;
    this.#clock = clock;
    this.#log = log;
    this.#report = report;
  }

  on(topic: string, handler: OutboxHandler): void {
    this.#handlers.set(topic, handler);
  }

  /** Records messages in the caller's transaction; they run only if it commits. */
  async enqueue(executor: Executor, messages: OutboxMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const now = this.#clock.now();
    await executor.insert(outboxMessages).values(messages.map((m) => ({ topic: m.topic, payload: m.payload, nextAttemptAt: now })));
  }

  /** Per topic (queue `outbox:<topic>`): the messages due and not yet done, and how long the oldest has been due. */
  async backlog(): Promise<QueueBacklog[]> {
    const now = this.#clock.now();
    const rows = await this.#db
      .select({ topic: outboxMessages.topic, depth: sql<number>`count(*)::int`, oldest: sql<Date>`min(${outboxMessages.nextAttemptAt})`.mapWith(outboxMessages.nextAttemptAt) })
      .from(outboxMessages)
      .where(and(isNull(outboxMessages.completedAt), lte(outboxMessages.nextAttemptAt, now)))
      .groupBy(outboxMessages.topic);
    return rows.map((row) => ({ queue: `outbox:${row.topic}`, depth: row.depth, oldestAgeSeconds: Math.max(0, (now.getTime() - row.oldest.getTime()) / 1000) }));
  }

  /** Runs every message that is due now; returns how many succeeded. */
  async processDue(): Promise<number> {
    let succeeded = 0;
    for (;;) {
      const claimed = await this.#claim();
      if (claimed.length === 0) return succeeded;
      for (const message of claimed) {
        if (await this.#run(message)) succeeded++;
      }
    }
  }

  /** Polls for due messages until stop(). No poll keeps the process alive on its own. */
  start(intervalMs: number): void {
    this.#poll.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.#poll.stop();
  }

  async #claim() {
    const now = this.#clock.now();
    return this.#db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(and(isNull(outboxMessages.completedAt), lte(outboxMessages.nextAttemptAt, now)))
        .orderBy(asc(outboxMessages.nextAttemptAt))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outboxMessages)
        .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS), attempts: sql`${outboxMessages.attempts} + 1` })
        .where(inArray(outboxMessages.id, due.map((row) => row.id)))
        .returning();
    });
  }

  /** Moves the message's lease a whole lease ahead while this claim still holds it; false when another processor took it over. */
  async #renewLease(message: typeof outboxMessages.$inferSelect): Promise<boolean> {
    const renewed = await this.#db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date(this.#clock.now().getTime() + LEASE_MS) })
      .where(and(eq(outboxMessages.id, message.id), eq(outboxMessages.attempts, message.attempts), isNull(outboxMessages.completedAt)))
      .returning({ id: outboxMessages.id });
    return renewed.length > 0;
  }

  async #run(message: typeof outboxMessages.$inferSelect): Promise<boolean> {
    const handler = this.#handlers.get(message.topic);
    // Its turn in the batch: the lease starts again, unless it lapsed meanwhile and another processor has the message.
    if (!(await this.#renewLease(message))) return false;
    try {
      if (!handler) throw new Error(`no handler for topic ${message.topic}`);
      const payload = message.payload;
      await underRenewedLease(
        () => this.#renewLease(message),
        LEASE_MS / 3,
        (error) => this.#log.warn({ err: error, topic: message.topic, id: message.id }, 'outbox lease renewal failed'),
        () => handler(payload),
      );
      await this.#db
        .update(outboxMessages)
        // The payload may hold secrets (tokens to revoke) of an erased account: drop it once done.
        .set({ completedAt: this.#clock.now(), lastError: null, payload: {} })
        .where(eq(outboxMessages.id, message.id));
      this.#report?.attemptEnded(`outbox:${message.topic}`, 'completed');
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retryAt = new Date(this.#clock.now().getTime() + retryDelayMs(message.attempts));
      this.#log.warn({ topic: message.topic, id: message.id, attempts: message.attempts, retryAt, reason }, 'outbox message failed; will retry');
      await this.#db
        .update(outboxMessages)
        .set({ nextAttemptAt: retryAt, lastError: reason.slice(0, 1000) })
        .where(eq(outboxMessages.id, message.id));
      this.#report?.attemptEnded(`outbox:${message.topic}`, 'failed');
      return false;
    }
  }
}
