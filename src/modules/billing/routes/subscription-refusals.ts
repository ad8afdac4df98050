/** The billing service's refusals about the subscription and its invoices, as catalogue errors. */
import { ApiError } from '../../../http/errors.ts';
import type { CancelOutcome, InvoicesOutcome, ResumeOutcome } from '../billing-service.ts';

type Refusal = Extract<CancelOutcome | ResumeOutcome | InvoicesOutcome, { ok: false }>;

export function subscriptionRefusalError(refusal: Refusal): ApiError {
  switch (refusal.reason) {
    case 'no_subscription':
      return new ApiError('CONFLICT', { message: 'No subscription is running: the account is on the Free plan.' });
    case 'nothing_scheduled':
      return new ApiError('CONFLICT', { message: 'The subscription is not set to end: there is nothing to take back.' });
    case 'provider_unavailable':
      return new ApiError('SERVICE_UNAVAILABLE', { message: 'The payment provider did not answer. Nothing was changed; try again shortly.' });
  }
}
