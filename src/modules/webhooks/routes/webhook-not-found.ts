/** The 404 of every /api/webhooks/<id> route: another account's endpoint is not found either. */
import { ApiError } from '../../../http/errors.ts';

export function webhookNotFound(): ApiError {
  return new ApiError('NOT_FOUND', { message: 'No such webhook endpoint in this account.' });
}
