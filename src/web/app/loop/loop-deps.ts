/** What the loop's pages read (issue 28, item 6): the app pages' common services, the account's products, its anomalies and its moves. */
import type { AnomalyService } from '../../../modules/anomalies/anomaly-service.ts';
import type { MoveService } from '../../../modules/moves/move-service.ts';
import type { ProductService } from '../../../modules/products/product-service.ts';
import type { AppPageDeps } from '../app-visit.ts';

export interface LoopDeps extends AppPageDeps {
  /** The products' names, for each anomaly's and move's link to its product. */
  products: Pick<ProductService, 'list'>;
  anomalies: Pick<AnomalyService, 'list' | 'setState'>;
  moves: Pick<MoveService, 'list' | 'approve' | 'dismiss' | 'settings' | 'setSettings' | 'intelligence'>;
}
