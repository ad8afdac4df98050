/**
 * The scoring API: scoring a site (streamed), linking a result, reading
 * results, their change and evidence. One endpoint a file; this only gathers
 * them, so the composition root stays short.
 */
import type { App } from '../../../http/app-types.ts';
import type { ProductService } from '../../products/product-service.ts';
import { registerGetScore } from './get-score.ts';
import { registerGetScoreChange } from './get-score-change.ts';
import { registerGetScoreEvidence } from './get-score-evidence.ts';
import { registerGetScores } from './get-scores.ts';
import { registerPostScore } from './post-score.ts';
import { registerPostScoreLink } from './post-score-link.ts';
import { registerPostScoreProduct } from './post-score-product.ts';
import { registerPostScoreQuick } from './post-score-quick.ts';
import { registerPostTryScore } from './post-try-score.ts';
import { registerPutScoreEvidencePublication } from './put-score-evidence-publication.ts';
import type { StreamingScoreRouteDeps } from './run-score.ts';

export function registerScoringRoutes(app: App, deps: StreamingScoreRouteDeps & { products: ProductService }): void {
  const { scoring } = deps;
  registerPostScore(app, deps);
  registerPostScoreQuick(app, deps);
  registerPostTryScore(app, deps);
  registerPostScoreProduct(app, deps);
  registerPostScoreLink(app, { scoring });
  registerGetScore(app, { scoring });
  registerGetScores(app, { scoring });
  registerGetScoreChange(app, { scoring });
  registerGetScoreEvidence(app, { scoring });
  registerPutScoreEvidencePublication(app, { scoring });
}
