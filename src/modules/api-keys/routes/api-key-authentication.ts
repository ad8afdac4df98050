/**
 * The API-keys module's answers to authentication (http/authentication.ts):
 * an unknown or revoked key is 401 AUTH_REQUIRED; the plan's refusals of the
 * call are the metering module's answers (403 no API access any more, 402
 * ceiling reached, with the RateLimit fields of the monthly quota).
 */
import type { ApiKeyAuthenticator } from '../../../http/authentication.ts';
import { ApiError } from '../../../http/errors.ts';
import { refusalError } from '../../metering/api/refusal-responses.ts';
import type { ApiKeyService } from '../api-key-service.ts';

export function apiKeyAuthentication(apiKeys: ApiKeyService): ApiKeyAuthenticator {
  return async (key) => {
    const outcome = await apiKeys.authenticate(key);
    if (outcome.ok) return outcome;
    if (outcome.reason === 'unknown_key') return { ok: false, error: new ApiError('AUTH_REQUIRED') };
    return { ok: false, error: refusalError(outcome) };
  };
}
