/**
 * The accounts module's answers to authentication: who a verified identity
 * is (AccountService.resolve) in the terms of http/authentication.ts, with a
 * member who holds no seat refused as 402 PLAN_LIMIT_REACHED.
 */
import type { AccountResolution } from '../../../http/authentication.ts';
import { ApiError } from '../../../http/errors.ts';
import type { Identity } from '../../../identity/claims.ts';
import type { AccountService, SeatRefusal } from '../account-service.ts';

export function accountResolution(accounts: AccountService): (identity: Identity) => Promise<AccountResolution> {
  return async (identity) => {
    const outcome = await accounts.resolve(identity);
    if (outcome.ok || outcome.reason === 'account_erased') return outcome;
    if (outcome.reason === 'removed') return { ok: false, reason: 'refused', error: removedMemberError() };
    return { ok: false, reason: 'refused', error: seatRefusalError(outcome.refusal) };
  };
}

/** 403 FORBIDDEN: an admin removed the caller from the account; the provider's claims do not bring them back. */
export function removedMemberError(): ApiError {
  return new ApiError('FORBIDDEN', {
    message: 'You were removed from this account.',
    details: { action: 'Ask an owner or admin of the account to invite you again (POST /api/account/invitations).' },
  });
}

/** 402 PLAN_LIMIT_REACHED: the plan's seats are taken. */
export function seatRefusalError(refusal: SeatRefusal): ApiError {
  return new ApiError('PLAN_LIMIT_REACHED', { message: refusal.message, action: refusal.action });
}
