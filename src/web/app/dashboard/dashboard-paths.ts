/** The addresses the dashboard links to: a product's history (optionally at one score), the coach on a result, a dimension of a result. */
import { resultPath } from '../../pages/result-page.ts';
import { APP_PATHS } from '../app-layout.ts';

/** The product history page's route (an id in the path). */
export const PRODUCT_HISTORY_PATH = '/app/products/:id';

/**
 * /app/products/<id>, or /app/products/<id>?result=<resultId>#change to see
 * what one score changed; `cursor` keeps an older page of the table
 * (?cursor=<the previous page's last score>).
 */
export function productHistoryPath(productId: string, resultId?: string, cursor?: string | null): string {
  const query = new URLSearchParams();
  if (resultId) query.set('result', resultId);
  if (cursor) query.set('cursor', cursor);
  const search = query.size > 0 ? `?${query}` : '';
  return `/app/products/${productId}${search}${resultId ? '#change' : ''}`;
}

export function coachPath(resultId: string): string {
  return `${APP_PATHS.coach}?result=${resultId}`;
}

/** A dimension on the result page: its anchor there is `dimension-<id>` (components/result-view.ts). */
export function dimensionPath(resultId: string, dimensionId: string): string {
  return `${resultPath(resultId)}#dimension-${dimensionId}`;
}

export { resultPath };
