import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { IdParams } from '../../../http/uuid.ts';
import { MINIMUM_CONTRIBUTING_ACCOUNTS, type BenchmarkService } from '../benchmark-service.ts';
import { POOL_DESCRIPTION, QUANTILE_METHOD, ResultStandingSchema, segmentView } from './benchmark-schemas.ts';

/**
 * GET /api/scores/<id>/percentile: where a result stands within the segment
 * it was placed in, under the same rule as GET /api/benchmarks. Any stored
 * result, as GET /api/score/<id> shows any: its id is the capability.
 */
export function registerGetScorePercentile(app: App, deps: { benchmarks: BenchmarkService }): void {
  app.get(
    '/api/scores/:id/percentile',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Benchmarks'],
        summary: 'Where a result stands within its segment: the percentile rank of its total and of each dimension',
        description: `${POOL_DESCRIPTION}\n\n${QUANTILE_METHOD}`,
        params: IdParams,
        response: { 200: ResultStandingSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const outcome = await deps.benchmarks.standingOf(request.params.id, requirePrincipal(request).accountId);
      if (!outcome.ok) throw new ApiError('NOT_FOUND', { message: 'No result has this id.' });
      const { segment, standing } = outcome;
      return {
        resultId: request.params.id,
        segment: segment === null ? null : segmentView(segment),
        minimumAccounts: MINIMUM_CONTRIBUTING_ACCOUNTS,
        ...standing,
      };
    },
  );
}
