/**
 * The caller's own email preferences (GET and PUT /api/account/email-preferences)
 * are keyed by the address their identity carries: without one there is
 * nothing to read or set.
 */
import type { Principal } from '../../../http/app-types.ts';
import { ApiError } from '../../../http/errors.ts';

export const OWN_PREFERENCES_PATH = '/api/account/email-preferences';

/** The caller's address, or 409 when the credential carries none (an API key, an identity without an email claim). */
export function requireOwnAddress(principal: Principal): string {
  if (principal.email === null || principal.email.trim() === '') {
    throw new ApiError('CONFLICT', {
      message: 'This credential carries no email address (an API key, or an identity without one), so there are no mail preferences to read or set.',
    });
  }
  return principal.email;
}
