/**
 * When a failed job runs again, as pg-boss queue options: exponential backoff
 * from FIRST_RETRY_SECONDS, doubling per retry up to MAX_RETRY_SECONDS, each
 * delay drawn from the upper half of its step (pg-boss's jitter: instances
 * that failed together against one outage do not all come back in the same
 * second), for at least RETRY_HORIZON_SECONDS: 3 days, the longest outage of
 * a mail server or a provider we ride out. After that the job fails for good.
 */
import type { Queue } from 'pg-boss';

export const FIRST_RETRY_SECONDS = 5;
export const MAX_RETRY_SECONDS = 60 * 60;
export const RETRY_HORIZON_SECONDS = 3 * 24 * 60 * 60;
/** A handler silent this long (no heartbeat: its process died) gives its job back for a retry, like the former one-minute lease. */
export const HEARTBEAT_SECONDS = 30;
/** Finished jobs are kept this long (for the operator to look at), then deleted by pg-boss's maintenance. */
export const FINISHED_RETENTION_SECONDS = 7 * 24 * 60 * 60;

/** Retries whose shortest delays (the lower end of each jitter) add up to the horizon. */
export function retriesFor(horizonSeconds: number): number {
  let waited = 0;
  let retries = 0;
  while (waited < horizonSeconds) {
    waited += Math.min(MAX_RETRY_SECONDS, (FIRST_RETRY_SECONDS * 2 ** Math.min(16, retries)) / 2);
    retries++;
  }
  return retries;
}

export const DEFAULT_RETRY_LIMIT = retriesFor(RETRY_HORIZON_SECONDS);

export const DEFAULT_QUEUE_OPTIONS: Omit<Queue, 'name'> = {
  retryLimit: DEFAULT_RETRY_LIMIT,
  retryDelay: FIRST_RETRY_SECONDS,
  retryBackoff: true,
  retryDelayMax: MAX_RETRY_SECONDS,
  heartbeatSeconds: HEARTBEAT_SECONDS,
  // A job may wait (created or between retries) past the horizon, never for ever.
  retentionSeconds: 2 * RETRY_HORIZON_SECONDS,
  deleteAfterSeconds: FINISHED_RETENTION_SECONDS,
};
