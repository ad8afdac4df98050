/**
 * The metering module's refusals as answers (spec parts 7 and 8): each reason
 * to its catalogue code, the window or quota it counted against to the
 * RateLimit header fields, and the wait before a retry to Retry-After.
 */
import { ApiError } from '../../../http/errors.ts';
import { rateLimitFields } from '../../limits/rate-limit-headers.ts';
import type { MeteringRefusal, RateLimitState } from '../refusals.ts';

/** The RateLimit fields for where the caller stands; none when the request counted against no window or quota. */
export function rateLimitHeaders(state: RateLimitState | null): Record<string, string> {
  return state ? { ...rateLimitFields(state.quota, state) } : {};
}

export function refusalError(refusal: MeteringRefusal): ApiError {
  switch (refusal.reason) {
    case 'rate_limited':
      return new ApiError('SCORING_RATE_LIMITED', {
        message: refusal.message,
        action: refusal.action,
        headers: { ...rateLimitHeaders(refusal.rateLimit), 'Retry-After': String(refusal.retryAfterSeconds) },
      });
    case 'plan_limit_reached':
      return new ApiError('PLAN_LIMIT_REACHED', { message: refusal.message, action: refusal.action, headers: rateLimitHeaders(refusal.rateLimit) });
    case 'credit_exhausted':
      return new ApiError('CREDIT_EXHAUSTED', { message: refusal.message, action: refusal.action, headers: rateLimitHeaders(refusal.rateLimit) });
    case 'api_access_ended':
      return new ApiError('FORBIDDEN', { message: refusal.message });
    case 'sign_in_required':
      return new ApiError('AUTH_REQUIRED');
  }
}
