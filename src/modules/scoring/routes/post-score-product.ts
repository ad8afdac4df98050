import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { ProductService } from '../../products/product-service.ts';
import { ScoringResultSchema } from '../result-schema.ts';
import { runScore, type ScoreRouteDeps } from './run-score.ts';
import { ProductScoreBody } from './score-schemas.ts';

/** POST /api/score/product: scores one of the account's products at its address; the result carries productId. */
export function registerPostScoreProduct(app: App, deps: ScoreRouteDeps & { products: ProductService }): void {
  app.post(
    '/api/score/product',
    {
      config: { auth: 'required', idempotent: true, whenReadOnly: 'refuse' },
      schema: {
        tags: ['Scoring'],
        summary: "Score one of the account's products",
        body: ProductScoreBody,
        response: {
          200: ScoringResultSchema,
          ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'CREDIT_EXHAUSTED', 'NOT_FOUND', 'CONFLICT', 'IDEMPOTENCY_KEY_REUSED', 'CRAWL_FAILED', 'SCORING_RATE_LIMITED', 'SCORE_FAILED', 'SERVICE_UNAVAILABLE'),
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const product = await deps.products.find(principal.accountId, request.body.productId);
      if (!product) throw new ApiError('NOT_FOUND', { message: 'No such product in this account.' });
      return runScore(deps, request, reply, principal, {
        url: product.url,
        depth: 'full',
        context: request.body.context ?? null,
        companyName: product.name,
        productId: product.id,
      });
    },
  );
}
