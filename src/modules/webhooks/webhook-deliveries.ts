/**
 * Delivering events to endpoints on the durable job engine. An event becomes
 * one delivery row per subscribed, enabled endpoint, each with its first
 * attempt enqueued as a job in the caller's transaction. Each attempt is its
 * own job (dedupe key: delivery and attempt number), so the runner claims it
 * once across instances; a failed attempt schedules the next one with
 * exponential backoff and jitter until the 3-day horizon is passed, then the
 * delivery fails, the endpoint is disabled and the owners are told.
 *
 * An attempt is recorded before its POST is sent (issue 24): if the process
 * dies mid-POST, the attempt's job runs again after its lease, finds the
 * attempt recorded with no outcome, logs it as interrupted (the receiver may
 * have had it) and schedules the next attempt. A receiver that gets the
 * same webhook-id twice then finds two attempts in the log, never one.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { JobRunner } from '../../queue/job-runner.ts';
import type { WebhookEventType } from './webhook-events.ts';
import type { WebhookPoster } from './webhook-post.ts';
import { secretsOf } from './webhook-service.ts';
import { signedHeaders } from './webhook-signing.ts';
import { outgoingWebhooks, webhookDeliveries } from './tables.ts';

export const DELIVER_WEBHOOK_JOB = 'webhook.deliver';
/** Spec part 8: retries stop 3 days after the delivery was created. */
export const RETRY_HORIZON_MS = 3 * 24 * 60 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
const DELIVERY_LOG_LIMIT = 100;

/** Backoff after `failedAttempts` failures: doubling from 30 s up to 6 h, drawn from the upper half of the step. */
export function webhookRetryDelayMs(failedAttempts: number, random: () => number): number {
  const step = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(step / 2 + (step / 2) * random());
}

export type DeliveryView = Omit<typeof webhookDeliveries.$inferSelect, 'body' | 'accountId' | 'attemptStartedAt'>;

/** What the log says of an attempt whose process died before its outcome was known. */
export const INTERRUPTED_ATTEMPT = 'Interrupted: the service stopped during this attempt; the receiver may have received it';

/**
 * Told, in the transaction that disables it, that an endpoint was disabled
 * after failing for the whole horizon. Its recipients are looked up before
 * that transaction opens: the embedded database has one connection, so a
 * read outside the transaction while it is open would wait for ever.
 */
export interface EndpointDisabledNotice {
  recipients(accountId: string): Promise<string[]>;
  send(executor: Executor, recipients: string[], accountId: string, webhook: { id: string; url: string }, at: Date): Promise<void>;
}

export interface WebhookDeliveryDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  poster: WebhookPoster;
  onEndpointDisabled?: EndpointDisabledNotice;
  random?: () => number;
}

export class WebhookDeliveries {
  readonly #deps: WebhookDeliveryDeps;
  readonly #random: () => number;

  constructor(deps: WebhookDeliveryDeps) {
    this.#deps = deps;
    this.#random = deps.random ?? Math.random;
  }

  /** Queues `type` for every enabled endpoint of the account subscribed to it, in the caller's transaction; the number queued. */
  async emit(executor: Executor, accountId: string, type: WebhookEventType, data: Record<string, unknown>): Promise<number> {
    const endpoints = await executor
      .select({ id: outgoingWebhooks.id, eventTypes: outgoingWebhooks.eventTypes })
      .from(outgoingWebhooks)
      .where(and(eq(outgoingWebhooks.accountId, accountId), eq(outgoingWebhooks.enabled, true)));
    const subscribed = endpoints.filter((endpoint) => endpoint.eventTypes.includes(type));
    if (subscribed.length === 0) return 0;
    const event = this.#event(type, data);
    for (const endpoint of subscribed) await this.#queue(executor, accountId, endpoint.id, event);
    return subscribed.length;
  }

  /** A webhook.test event to this one endpoint, subscribed or not; null when the account has no such endpoint. */
  async sendTest(accountId: string, webhookId: string): Promise<DeliveryView | null> {
    return this.#deps.db.transaction(async (tx) => {
      const [endpoint] = await tx
        .select({ id: outgoingWebhooks.id })
        .from(outgoingWebhooks)
        .where(and(eq(outgoingWebhooks.id, webhookId), eq(outgoingWebhooks.accountId, accountId)));
      if (!endpoint) return null;
      return this.#queue(tx, accountId, webhookId, this.#event('webhook.test', { webhookId }));
    });
  }

  /** The endpoint's delivery log, newest first; null when the account has no such endpoint. */
  async list(accountId: string, webhookId: string): Promise<DeliveryView[] | null> {
    const [endpoint] = await this.#deps.db
      .select({ id: outgoingWebhooks.id })
      .from(outgoingWebhooks)
      .where(and(eq(outgoingWebhooks.id, webhookId), eq(outgoingWebhooks.accountId, accountId)));
    if (!endpoint) return null;
    const rows = await this.#deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(DELIVERY_LOG_LIMIT);
    return rows.map(viewOf);
  }

  /** Sends a logged delivery's event again, as a new delivery with the same webhook-id; null when not found. */
  async redeliver(accountId: string, webhookId: string, deliveryId: string): Promise<DeliveryView | null> {
    return this.#deps.db.transaction(async (tx) => {
      const [original] = await tx
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.accountId, accountId)));
      if (!original) return null;
      return this.#queue(tx, accountId, webhookId, { messageId: original.messageId, type: original.eventType, body: original.body });
    });
  }

  register(runner: JobRunner): void {
    runner.on(DELIVER_WEBHOOK_JOB, async (payload) => {
      const { deliveryId, attempt } = payload;
      if (typeof deliveryId !== 'string' || typeof attempt !== 'number') return;
      await this.#attempt(deliveryId, attempt);
    });
  }

  #event(type: string, data: Record<string, unknown>) {
    const body = JSON.stringify({ type, timestamp: this.#deps.clock.now().toISOString(), data });
    return { messageId: `msg_${randomUUID()}`, type, body };
  }

  async #queue(executor: Executor, accountId: string, webhookId: string, event: { messageId: string; type: string; body: string }): Promise<DeliveryView> {
    const now = this.#deps.clock.now();
    const [row] = await executor
      .insert(webhookDeliveries)
      .values({ accountId, webhookId, messageId: event.messageId, eventType: event.type, body: event.body, nextAttemptAt: now, createdAt: now })
      .returning();
    await this.#enqueueAttempt(executor, accountId, row!.id, 1, now);
    return viewOf(row!);
  }

  #enqueueAttempt(executor: Executor, accountId: string, deliveryId: string, attempt: number, runAt: Date) {
    return this.#deps.jobs.enqueue(executor, {
      name: DELIVER_WEBHOOK_JOB,
      payload: { deliveryId, attempt },
      runAt,
      accountId,
      dedupeKey: `${deliveryId} attempt ${attempt}`,
    });
  }

  async #attempt(deliveryId: string, attempt: number): Promise<void> {
    const { db, clock, poster } = this.#deps;
    const [found] = await db
      .select({ delivery: webhookDeliveries, endpoint: outgoingWebhooks })
      .from(webhookDeliveries)
      .innerJoin(outgoingWebhooks, eq(outgoingWebhooks.id, webhookDeliveries.webhookId))
      .where(eq(webhookDeliveries.id, deliveryId));
    // Erased with its endpoint or account: nothing to do.
    if (!found || found.delivery.status !== 'pending') return;
    const { delivery, endpoint } = found;
    // This attempt was recorded and its POST perhaps sent, but its process died before the outcome: say so, and try again.
    if (delivery.attempts === attempt && delivery.attemptStartedAt !== null) {
      await this.#failed(delivery, endpoint, attempt, { responseStatus: null, durationMs: null, lastError: INTERRUPTED_ATTEMPT });
      return;
    }
    // This attempt ran already (a lapsed lease), or a later one did.
    if (delivery.attempts >= attempt) return;
    const before = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.attempts, attempt - 1), eq(webhookDeliveries.status, 'pending'));
    if (!endpoint.enabled) {
      await db.update(webhookDeliveries).set({ status: 'failed', lastError: 'The endpoint is disabled', nextAttemptAt: null }).where(before);
      return;
    }
    const now = clock.now();
    // Recorded before it is sent: after a crash, the log and the receiver agree that it may have gone out.
    const recorded = await db
      .update(webhookDeliveries)
      .set({ attempts: attempt, attemptStartedAt: now, nextAttemptAt: null })
      .where(before)
      .returning({ id: webhookDeliveries.id });
    if (recorded.length === 0) return;
    const headers = signedHeaders(secretsOf(endpoint, now), delivery.messageId, Math.floor(now.getTime() / 1000), delivery.body);
    const outcome = await poster.post(endpoint.url, headers, delivery.body);
    const logged = { responseStatus: outcome.status, durationMs: outcome.durationMs, lastError: outcome.error };
    if (outcome.ok) {
      await db
        .update(webhookDeliveries)
        .set({ ...logged, attemptStartedAt: null, status: 'delivered', deliveredAt: clock.now(), nextAttemptAt: null })
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.attempts, attempt)));
      return;
    }
    await this.#failed(delivery, endpoint, attempt, logged);
  }

  /**
   * Logs a failed (or interrupted) attempt and schedules the next one with
   * backoff, or, past the 3-day horizon, fails the delivery, disables the
   * endpoint and tells its owners.
   */
  async #failed(
    delivery: typeof webhookDeliveries.$inferSelect,
    endpoint: typeof outgoingWebhooks.$inferSelect,
    attempt: number,
    logged: { responseStatus: number | null; durationMs: number | null; lastError: string | null },
  ): Promise<void> {
    const { db, clock } = this.#deps;
    const thisAttempt = and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, attempt));
    const done = clock.now();
    const nextAt = new Date(done.getTime() + webhookRetryDelayMs(attempt, this.#random));
    const retry = nextAt.getTime() - delivery.createdAt.getTime() <= RETRY_HORIZON_MS;
    const notice = this.#deps.onEndpointDisabled;
    const recipients = !retry && notice ? await notice.recipients(delivery.accountId) : [];
    await db.transaction(async (tx) => {
      if (retry) {
        await tx
          .update(webhookDeliveries)
          .set({ ...logged, attemptStartedAt: null, nextAttemptAt: nextAt })
          .where(thisAttempt);
        await this.#enqueueAttempt(tx, delivery.accountId, delivery.id, attempt + 1, nextAt);
        return;
      }
      await tx
        .update(webhookDeliveries)
        .set({ ...logged, attemptStartedAt: null, status: 'failed', nextAttemptAt: null })
        .where(thisAttempt);
      const disabled = await tx
        .update(outgoingWebhooks)
        .set({ enabled: false, disabledReason: 'failing' })
        .where(and(eq(outgoingWebhooks.id, endpoint.id), eq(outgoingWebhooks.enabled, true)))
        .returning({ id: outgoingWebhooks.id });
      if (disabled.length > 0) await notice?.send(tx, recipients, delivery.accountId, { id: endpoint.id, url: endpoint.url }, done);
    });
  }
}

function viewOf(row: typeof webhookDeliveries.$inferSelect): DeliveryView {
  const { body: _body, accountId: _accountId, attemptStartedAt: _attemptStartedAt, ...view } = row;
  return view;
}
