/**
 * The coach's addresses, and where its advice links to: a dimension's place
 * on the result page (the anchor components/result-view.ts gives each
 * dimension: `dimension-<id>`).
 */
import { APP_PATHS } from '../app-layout.ts';
import { resultPath } from '../../pages/result-page.ts';

export function coachPath(resultId?: string): string {
  return resultId ? `${APP_PATHS.coach}?${new URLSearchParams({ result: resultId })}` : APP_PATHS.coach;
}

export function dimensionOnResultPath(resultId: string, dimensionId: string): string {
  return `${resultPath(resultId)}#dimension-${dimensionId}`;
}
