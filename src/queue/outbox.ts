/**
 * The transactional outbox, on the job queue: a change that needs a side
 * effect outside our database (cancel a subscription, revoke a token)
 * records a message in its own transaction; a job per message carries it out
 * afterwards and retries it (3 days of backoff, retry-policy.ts), so a
 * provider outage neither blocks the change nor loses the side effect.
 * Messages are not tied to an account: they must outlive its erasure.
 * Handlers must be idempotent (a job runs at least once).
 */
import type { Executor } from '../db/client.ts';
import type { JobQueue } from './job-queue.ts';
import type { JobRunner } from './job-runner.ts';

export interface OutboxMessage {
  topic: string;
  payload: Record<string, unknown>;
}

export type OutboxHandler = (payload: Record<string, unknown>) => Promise<void>;

export interface Outbox {
  /** Records messages in the caller's transaction; they run only if it commits. */
  enqueue(executor: Executor, messages: OutboxMessage[]): Promise<void>;
  on(topic: string, handler: OutboxHandler): void;
}

/** A topic's jobs are named `outbox.<topic>`, its queue in the metrics. */
export function outboxJobName(topic: string): string {
  return `outbox.${topic}`;
}

export function outboxOn(jobs: JobQueue, runner: JobRunner): Outbox {
  return {
    async enqueue(executor, messages) {
      for (const message of messages) await jobs.enqueue(executor, { name: outboxJobName(message.topic), payload: message.payload });
    },
    on(topic, handler) {
      runner.on(outboxJobName(topic), (payload) => handler(payload));
    },
  };
}
