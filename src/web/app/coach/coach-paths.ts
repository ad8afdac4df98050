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

/** A stored conversation, resumed. */
export function conversationPath(conversationId: string): string {
  return `${APP_PATHS.coach}?${new URLSearchParams({ conversation: conversationId })}`;
}

/** A new conversation about a result (and, optionally, the result it compares with), even when one about it is kept. */
export function newConversationPath(resultId: string, compareResultId?: string | null): string {
  return `${APP_PATHS.coach}?${new URLSearchParams({ result: resultId, ...(compareResultId ? { compare: compareResultId } : {}), new: '1' })}`;
}

export function dimensionOnResultPath(resultId: string, dimensionId: string): string {
  return `${resultPath(resultId)}#dimension-${dimensionId}`;
}
