/** The scoring service's failures and refusals as answers. */
import { ApiError } from '../../../http/errors.ts';
import type { LinkOutcome, ScoreFailure } from '../scoring-service.ts';

/** Every failure but the client's going away, which has nobody to answer. */
export type AnsweredScoreFailure = Exclude<ScoreFailure, { reason: 'client_gone' }>;

export function scoreFailureError(failure: AnsweredScoreFailure): ApiError {
  switch (failure.reason) {
    case 'invalid_url':
      return new ApiError('INVALID_URL', { message: failure.detail });
    case 'crawl_queue_full':
      return new ApiError('SERVICE_UNAVAILABLE', {
        message: 'Too many sites are being scored right now. Retry shortly.',
        headers: { 'retry-after': String(failure.retryAfterSeconds) },
      });
    case 'crawl_failed':
      return new ApiError('CRAWL_FAILED', { message: `The site could not be crawled: ${failure.detail}` });
    case 'score_failed':
      return new ApiError('SCORE_FAILED');
    case 'account_erased':
      return new ApiError('ACCOUNT_DELETED');
  }
}

export function linkRefusalError(refusal: Extract<LinkOutcome, { ok: false }>): ApiError {
  switch (refusal.reason) {
    case 'already_linked':
      return new ApiError('CONFLICT', { message: 'This result is already linked to an account.' });
    case 'no_held_result':
      return new ApiError('NOT_FOUND', { message: 'No held result matches this id and claim token.' });
  }
}
