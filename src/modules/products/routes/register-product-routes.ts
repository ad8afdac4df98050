/** The products API: listing and adding products, and a product's scores. Gathered for the composition root. */
import type { App } from '../../../http/app-types.ts';
import type { AdmissionGate } from '../../metering/admission-gate.ts';
import type { ScoringService } from '../../scoring/scoring-service.ts';
import type { ProductService } from '../product-service.ts';
import { registerGetProductScores } from './get-product-scores.ts';
import { registerGetProducts } from './get-products.ts';
import { registerPostProducts } from './post-products.ts';

export function registerProductRoutes(
  app: App,
  deps: { products: ProductService; admissionGate: AdmissionGate; scoring: ScoringService; crawlAllowlist: string[] },
): void {
  const { products } = deps;
  registerGetProducts(app, { products });
  registerPostProducts(app, { products, admissionGate: deps.admissionGate, crawlAllowlist: deps.crawlAllowlist });
  registerGetProductScores(app, { products, scoring: deps.scoring });
}
