/**
 * The throttling policies of spec part 8, each in one place, named after the
 * spec's words. A policy says how many hits a sliding window admits, which
 * requests count, and which Retry-After a refusal carries.
 */

/**
 * Which hits are written to the window log:
 * - `every-request`: admitted and refused alike (part 8 / issue 4 point 3:
 *   "every request counts toward its window whatever its outcome"), so a
 *   client that keeps hammering stays refused.
 * - `admitted-only`: a refusal leaves no trace, so Retry-After is the real
 *   wait until the admitted hit leaves the window.
 */
export const COUNTING_MODES = ['every-request', 'admitted-only'] as const;
export type CountingMode = (typeof COUNTING_MODES)[number];

/**
 * The Retry-After a refusal carries:
 * - `window`: the whole window, as part 8 prescribes for per-action limits
 *   ("Retry-After header of 60 (matching the window)"). Since refused requests
 *   count too, a full window of silence is the wait that always suffices.
 * - `real-wait`: the time until the oldest counted hit leaves the window.
 */
export const RETRY_AFTER_MODES = ['window', 'real-wait'] as const;
export type RetryAfterMode = (typeof RETRY_AFTER_MODES)[number];

export interface RateLimitPolicy {
  /** Policy identifier: part of the counting key and of the RateLimit header fields. */
  readonly name: string;
  readonly limit: number;
  readonly windowSeconds: number;
  readonly counting: CountingMode;
  readonly retryAfter: RetryAfterMode;
}

/** Part 8: score, 5 requests per 60 seconds per user, one window shared by POST /api/score, /api/score/quick and /api/score/product. */
export const SCORE_RATE_LIMIT = {
  name: 'score',
  limit: 5,
  windowSeconds: 60,
  counting: 'every-request',
  retryAfter: 'window',
} as const satisfies RateLimitPolicy;

/** Part 8: chat, 30 requests per 60 seconds per user (POST /api/chat). */
export const CHAT_RATE_LIMIT = {
  name: 'chat',
  limit: 30,
  windowSeconds: 60,
  counting: 'every-request',
  retryAfter: 'window',
} as const satisfies RateLimitPolicy;

/**
 * Webhook test events and redeliveries (issue 24): 10 per 60 seconds per
 * account, one window shared by POST /api/webhooks/<id>/test and
 * .../deliveries/<id>/redeliver. Each sends a POST to an address an admin
 * chose: without a limit, any admin could make the service send as fast as
 * it likes. Ten a minute is more than a person testing an endpoint clicks.
 */
export const WEBHOOK_SEND_RATE_LIMIT = {
  name: 'webhook-send',
  limit: 10,
  windowSeconds: 60,
  counting: 'every-request',
  retryAfter: 'window',
} as const satisfies RateLimitPolicy;

/**
 * Pushed signals (issue 27): 60 calls per 60 seconds per account
 * (POST /api/signals), each a batch of up to 500. A CI job pushing after
 * every deploy, or a nightly export, stays far under it; a loop does not.
 */
export const SIGNAL_PUSH_RATE_LIMIT = {
  name: 'signal-push',
  limit: 60,
  windowSeconds: 60,
  counting: 'every-request',
  retryAfter: 'window',
} as const satisfies RateLimitPolicy;

/**
 * Dispatched moves (issue 28, item 4): 30 per 3600 seconds per account,
 * counting each approval a lead makes and each automatic one. Each creates
 * an issue in the team's tracker, posts to its Slack or spends a score:
 * a team acting on its moves approves a handful a week, a script approving
 * every proposal in a loop is held to thirty an hour.
 */
export const MOVE_DISPATCH_RATE_LIMIT = {
  name: 'move-dispatch',
  limit: 30,
  windowSeconds: 3600,
  counting: 'every-request',
  retryAfter: 'window',
} as const satisfies RateLimitPolicy;

/**
 * Feedback on scores (issue 24): 60 per 60 seconds per account
 * (POST /api/feedback). A result page offers 28 verdicts; a team going
 * through two results at once stays under it, a script writing rows as fast
 * as it can does not.
 */
export const FEEDBACK_RATE_LIMIT = {
  name: 'feedback',
  limit: 60,
  windowSeconds: 60,
  counting: 'every-request',
  retryAfter: 'window',
} as const satisfies RateLimitPolicy;

/**
 * Part 8: one anonymous score per IP address per hour, across anonymous
 * `POST /api/score`, `/api/score/quick` and `/api/try-score` (issue 4 point 5).
 * A refused attempt does not count, so the Retry-After it carries is the real
 * wait and does not grow while the caller retries.
 */
export const ANONYMOUS_SCORE_CAP = {
  name: 'anonymous-score',
  limit: 1,
  windowSeconds: 3600,
  counting: 'admitted-only',
  retryAfter: 'real-wait',
} as const satisfies RateLimitPolicy;

/**
 * Part 8: "If the counting store cannot be reached, the gate fails closed: the
 * request is denied with Retry-After 60." Used for every policy, the anonymous
 * cap included: the store may well be back within a minute.
 */
export const STORE_FAILURE_RETRY_AFTER_SECONDS = 60;
