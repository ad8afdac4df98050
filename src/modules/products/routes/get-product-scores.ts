import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { IdParams } from '../../../http/uuid.ts';
import { historyPageLimit, ScoreHistoryQuery, ScoreHistorySchema } from '../../scoring/api/score-schemas.ts';
import type { ScoringService } from '../../scoring/scoring-service.ts';
import type { ProductService } from '../product-service.ts';

/** GET /api/products/<id>/scores: one product's score history, newest first, a page at a time. */
export function registerGetProductScores(app: App, deps: { products: ProductService; scoring: ScoringService }): void {
  app.get(
    '/api/products/:id/scores',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Products'],
        summary: "A product's score history, newest first, a page at a time",
        params: IdParams,
        querystring: ScoreHistoryQuery,
        response: { 200: ScoreHistorySchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const product = await deps.products.find(principal.accountId, request.params.id);
      if (!product) throw new ApiError('NOT_FOUND', { message: 'No such product in this account.' });
      const limit = historyPageLimit(request.query);
      return deps.scoring.historyPage(principal.accountId, { productId: product.id, after: request.query.cursor, limit });
    },
  );
}
