import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses, invalidBody } from '../../../http/errors.ts';
import type { AdmissionGate } from '../../metering/admission-gate.ts';
import { refusalError } from '../../metering/api/refusal-responses.ts';
import { scoreFailureError } from '../../scoring/api/score-failure-responses.ts';
import { validateScoreUrl } from '../../scoring/scoring-service.ts';
import type { ProductService } from '../product-service.ts';
import { CreateProductBody, ProductSchema, productView } from './product-schemas.ts';

/** POST /api/products: add a product (name, url), within the plan's product limit. */
export function registerPostProducts(app: App, deps: { products: ProductService; admissionGate: AdmissionGate; crawlAllowlist: string[] }): void {
  app.post(
    '/api/products',
    {
      config: { auth: 'required', whenReadOnly: 'allow-toward-org-map' },
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
      if (!url.ok) throw scoreFailureError(url);
      const created = await deps.products.create(principal.accountId, { name, url: url.url }, async (tx, accountId) => {
        const allowance = await deps.admissionGate.productAllowance(tx, accountId);
        return allowance.ok ? null : allowance;
      });
      if (!created.ok) throw refusalError(created.refusal);
      return reply.code(201).send(productView(created.product));
    },
  );
}
