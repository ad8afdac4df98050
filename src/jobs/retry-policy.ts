/**
 * When a failed job runs again. Exponential backoff from FIRST_RETRY_MS,
 * doubling per attempt up to MAX_RETRY_MS, with "equal jitter" (a delay
 * drawn from the upper half of the step): instances that failed together
 * against the same outage do not all come back in the same second, and no
 * retry comes sooner than half its step.
 */
export const FIRST_RETRY_MS = 5_000;
export const MAX_RETRY_MS = 60 * 60_000;
/**
 * Attempts before a job is marked dead, unless its enqueuer says otherwise.
 * With the steps above, 10 attempts span about 40 minutes to 1.4 hours.
 */
export const DEFAULT_MAX_ATTEMPTS = 10;

/** The delay before the next attempt after `attempts` attempts have failed; random() in [0, 1). */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const step = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(step / 2 + (step / 2) * random());
}
