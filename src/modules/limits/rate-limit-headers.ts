import { STORE_FAILURE_RETRY_AFTER_SECONDS, type RateLimitPolicy } from './policies.ts';
import type { RateLimitDecision } from './rate-limiter.ts';

/**
 * Response fields of the IETF httpapi draft "RateLimit header fields for HTTP"
 * (draft-ietf-httpapi-ratelimit-headers-11): both are Structured Field Lists
 * whose items are the policy name as an sf-string, for example
 *   RateLimit-Policy: "score";q=5;w=60
 *   RateLimit: "score";r=0;t=42
 * q is the quota, w the window (s), r the quota left, t the seconds until
 * more quota frees up (the oldest counted hit leaves the sliding window).
 */
export interface RateLimitFields {
  'RateLimit-Policy': string;
  RateLimit: string;
}

/** Any quota with a name and a window: a sliding-window policy, or the monthly API-call ceiling. */
export type RateLimitQuota = Pick<RateLimitPolicy, 'name' | 'limit' | 'windowSeconds'>;

export function rateLimitFields(policy: RateLimitQuota, decision: Pick<RateLimitDecision, 'remaining' | 'msUntilNextSlot'>): RateLimitFields {
  const name = structuredString(policy.name);
  return {
    'RateLimit-Policy': `${name};q=${policy.limit};w=${policy.windowSeconds}`,
    RateLimit: `${name};r=${decision.remaining};t=${secondsRoundedUp(decision.msUntilNextSlot)}`,
  };
}

/**
 * Retry-After (delay-seconds) for a refusal: the fixed fail-closed delay when
 * the store failed, the whole window for per-action limits (spec part 8),
 * otherwise the real wait, rounded up so a client that obeys it is admitted,
 * and never 0 (a refusal that said "retry now" would invite a hot loop).
 */
export function retryAfterSeconds(policy: RateLimitPolicy, decision: RateLimitDecision): number {
  if (decision.storeFailed) return STORE_FAILURE_RETRY_AFTER_SECONDS;
  if (policy.retryAfter === 'window') return policy.windowSeconds;
  return Math.max(1, secondsRoundedUp(decision.msUntilNextSlot));
}

export function secondsRoundedUp(ms: number): number {
  return Math.ceil(ms / 1000);
}

/** RFC 9651 sf-string: printable ASCII, with `"` and `\` escaped. */
function structuredString(value: string): string {
  if (!/^[\x20-\x7e]*$/.test(value)) throw new RangeError(`not printable ASCII: ${JSON.stringify(value)}`);
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}
