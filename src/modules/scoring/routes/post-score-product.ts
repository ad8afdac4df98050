import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { ProductService } from '../../products/product-service.ts';
import { runScore, type StreamingScoreRouteDeps } from './run-score.ts';
import { ProductScoreBody, SCORE_PROGRESS_STREAM_DESCRIPTION, URL_SCORE_SUCCESS } from '../api/score-schemas.ts';

/**
 * POST /api/score/product: scores one of the account's products at its
 * address; the result carries productId. Streams its progress as the URL
 * routes do (the dashboard's Rescore shows it).
 */
export function registerPostScoreProduct(app: App, deps: StreamingScoreRouteDeps & { products: ProductService }): void {
  app.post(
    '/api/score/product',
    {
      config: { auth: 'required', idempotent: true, whenReadOnly: 'refuse' },
      schema: {
        tags: ['Scoring'],
        summary: "Score one of the account's products",
        description: `Progress stream: ${SCORE_PROGRESS_STREAM_DESCRIPTION}`,
        body: ProductScoreBody,
        response: {
          ...URL_SCORE_SUCCESS,
          ...errorResponses(
            'INVALID_REQUEST',
            'AUTH_REQUIRED',
            'CREDIT_EXHAUSTED',
            'NOT_FOUND',
            'CONFLICT',
            'IDEMPOTENCY_KEY_REUSED',
            'CRAWL_FAILED',
            'SCORING_RATE_LIMITED',
            'SCORE_FAILED',
            'SERVICE_UNAVAILABLE',
          ),
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
        segment: request.body.segment ?? null,
      });
    },
  );
}
