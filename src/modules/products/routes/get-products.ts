import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { ProductService } from '../product-service.ts';
import { ProductSchema, productView } from './product-schemas.ts';

/** GET /api/products: the account's products. */
export function registerGetProducts(app: App, deps: { products: ProductService }): void {
  app.get(
    '/api/products',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Products'],
        summary: "The account's products",
        response: { 200: Type.Object({ products: Type.Array(ProductSchema) }), ...errorResponses('AUTH_REQUIRED') },
      },
    },
    async (request) => ({ products: (await deps.products.list(requirePrincipal(request).accountId)).map(productView) }),
  );
}
