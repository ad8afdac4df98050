import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import { SegmentKey } from '../../scoring/api/score-schemas.ts';
import { MINIMUM_CONTRIBUTING_ACCOUNTS, type BenchmarkService } from '../benchmark-service.ts';
import { POOL_DESCRIPTION, QUANTILE_METHOD, SegmentFiguresSchema, segmentView } from './benchmark-schemas.ts';

/** GET /api/benchmarks?segment=<key>: the median and quartiles of a segment's total and of each dimension. */
export function registerGetBenchmarks(app: App, deps: { benchmarks: BenchmarkService }): void {
  app.get(
    '/api/benchmarks',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Benchmarks'],
        summary: "A segment's peer benchmark: the median and quartiles of the total and of each dimension",
        description: `${POOL_DESCRIPTION}\n\n${QUANTILE_METHOD} An unknown segment key is 400.`,
        querystring: Type.Object({ segment: SegmentKey }),
        response: { 200: SegmentFiguresSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED') },
      },
    },
    async (request) => {
      const { segment } = request.query;
      const figures = await deps.benchmarks.figures(segment, requirePrincipal(request).accountId);
      const known = { segment: segmentView(segment), minimumAccounts: MINIMUM_CONTRIBUTING_ACCOUNTS };
      if (!figures.available) return { ...known, available: false };
      return {
        ...known,
        available: true,
        companies: figures.companies,
        total: figures.total,
        dimensions: figures.dimensions.map(({ dimensionId, dimensionName, quartiles }) => ({ dimensionId, dimensionName, ...quartiles })),
      };
    },
  );
}
