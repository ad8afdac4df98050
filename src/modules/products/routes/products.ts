import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses, invalidBody } from '../../../http/errors.ts';
import { IdParams } from '../../../http/uuid.ts';
import type { MeteringService } from '../../metering/metering-service.ts';
import { HISTORY_LIMIT } from '../../scoring/routes/get-score.ts';
import { ScoreHistorySchema, URL_MAX_LENGTH } from '../../scoring/routes/score-schemas.ts';
import { validateScoreUrl, type ScoringService } from '../../scoring/scoring-service.ts';
import type { Product, ProductService } from '../product-service.ts';

export const PRODUCT_NAME_MAX_LENGTH = 100;

const ProductSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  url: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

const CreateProductBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: PRODUCT_NAME_MAX_LENGTH }),
  url: Type.String({ minLength: 1, maxLength: URL_MAX_LENGTH }),
});

const view = (product: Product) => ({ ...product, createdAt: product.createdAt.toISOString() });

/** GET /api/products: the account's products. */
export function registerGetProducts(app: App, deps: { products: ProductService }): void {
  app.get(
    '/api/products',
    {
      config: { auth: 'required' },
      schema: { tags: ['Products'], summary: "The account's products", response: { 200: Type.Object({ products: Type.Array(ProductSchema) }), ...errorResponses('AUTH_REQUIRED') } },
    },
    async (request) => ({ products: (await deps.products.list(requirePrincipal(request).accountId)).map(view) }),
  );
}

/** POST /api/products: add a product (name, url), within the plan's product limit. */
export function registerPostProducts(app: App, deps: { products: ProductService; metering: MeteringService; crawlAllowlist: string[] }): void {
  app.post(
    '/api/products',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Products'],
        summary: 'Add a product',
        body: CreateProductBody,
        response: { 201: ProductSchema, ...errorResponses('INVALID_REQUEST', 'INVALID_URL', 'AUTH_REQUIRED', 'PLAN_LIMIT_REACHED') },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const name = request.body.name.trim();
      if (!name) throw invalidBody([{ field: 'body.name', message: 'is blank' }]);
      const url = validateScoreUrl(request.body.url, deps.crawlAllowlist);
      if (!url.ok) throw url.error;
      const created = await deps.products.create(principal.accountId, { name, url: url.url }, async (tx, accountId) => {
        const allowance = await deps.metering.productAllowance(tx, accountId);
        return allowance.ok ? null : allowance.error;
      });
      if (!created.ok) throw created.refusal;
      return reply.code(201).send(view(created.product));
    },
  );
}

/** GET /api/products/<id>/scores: one product's score history, newest first. */
export function registerGetProductScores(app: App, deps: { products: ProductService; scoring: ScoringService }): void {
  app.get(
    '/api/products/:id/scores',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Products'],
        summary: "A product's score history, newest first",
        params: IdParams,
        response: { 200: ScoreHistorySchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const product = await deps.products.find(principal.accountId, request.params.id);
      if (!product) throw new ApiError('NOT_FOUND', { message: 'No such product in this account.' });
      return { scores: await deps.scoring.history(principal.accountId, { productId: product.id, limit: HISTORY_LIMIT }) };
    },
  );
}
