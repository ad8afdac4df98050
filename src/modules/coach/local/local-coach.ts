/**
 * The local coach: answers the last user message of a chat from the scoring
 * result (when there is one) and the framework's playbook, with no external
 * service. Pure, synchronous and deterministic: the same conversation and
 * result always give the same answer.
 */
import type { DimensionId } from '../../../framework/dimensions.ts';
import type { SubmittedResult } from '../../scoring/result-schema.ts';
import { NO_CONTEXT, type CoachContext } from '../coach-context.ts';
import { comparisonAnswer } from './answers/comparison.ts';
import { changeLine, dimensionMoveLine, goalsLine, teamLine } from './answers/context-lines.ts';
import { contradictionsLine, dimensionEvidenceLine } from './answers/evidence-lines.ts';
import { dimensionGoalLine, goalsAtRiskLine } from './answers/goal-lines.ts';
import { resolveFocus, type ChatMessage, type Focus } from './conversation.ts';
import { joinBlocks } from './markdown.ts';
import { specialAnswer } from './special-questions.ts';
import { analyseQuestion, strongestIntent } from './question-analysis.ts';
import { renderFocus } from './render.ts';
import { viewResult, type ResultView } from './result-view.ts';

export type { ChatMessage } from './conversation.ts';
export { chunkForStreaming, DEFAULT_MAX_CHUNK_CHARS } from './chunking.ts';

export interface CoachInput {
  messages: readonly ChatMessage[];
  /** The scoring result the conversation is about; null for general guidance. */
  result: SubmittedResult | null;
  context?: CoachContext;
}

/** Plain text with light Markdown, a few hundred words at most. */
export function composeCoachAnswer(input: CoachInput): string {
  const context = input.context ?? NO_CONTEXT;
  const question = input.messages.at(-1)?.content ?? '';
  if (input.result && context.comparedWith) {
    const other = viewResult(context.comparedWith).company;
    // The other company's name is not a dimension, even when it reads like one ("Rival", "Compete").
    const withoutName = question.replace(new RegExp(escapePattern(other), 'gi'), ' ');
    if (asksToCompare(question, withoutName, other)) return comparisonAnswer(input.result, context.comparedWith, comparedDimension(withoutName));
  }
  const view = input.result ? viewResult(input.result) : null;
  const special = specialAnswer(question, view);
  if (special) return special;
  const { focus, discussed } = resolveFocus(input.messages, view);
  return withContext(renderFocus(focus, view, discussed), focus, view, context);
}

/**
 * The account's context, added where it changes the advice: the goals from
 * the welcome interview under an overview, a list of gaps or a whole plan;
 * the team's size under a plan; what moved since the previous score under
 * an overview or an answer about the total; a dimension's own move under an
 * answer about it; what the team's tools measured and its notes said about a
 * dimension under an answer or plan about it, and where the tools contradict
 * the site under an overview; the product's goal on a dimension under an
 * answer or plan about it, and the goals at risk under an overview.
 */
function withContext(answer: string, focus: Focus, view: ResultView | null, context: CoachContext): string {
  if (!view) return answer;
  const wholePlan = focus.kind === 'plan' && focus.scope === 'all';
  const planned = focus.kind === 'plan' && typeof focus.scope === 'object' && 'dimension' in focus.scope ? [focus.scope.dimension] : [];
  const spokenOf = focus.kind === 'dimension' ? [focus.dimensionId] : focus.kind === 'dimensions' ? focus.dimensionIds : planned;
  const lines = [
    focus.kind === 'overview' || focus.kind === 'tier' ? changeLine(context.change) : null,
    focus.kind === 'dimension' ? dimensionMoveLine(context.change, focus.dimensionId) : null,
    ...spokenOf.map((id) => dimensionGoalLine(context.goals, id)),
    ...spokenOf.map((id) => dimensionEvidenceLine(context.evidence, id)),
    focus.kind === 'overview' ? goalsAtRiskLine(context.goals) : null,
    focus.kind === 'overview' ? contradictionsLine(context.evidence) : null,
    focus.kind === 'overview' || (focus.kind === 'gaps' && focus.offset === 0) || wholePlan ? goalsLine(view, context.interview) : null,
    focus.kind === 'plan' && focus.view === 'plan' ? teamLine(context.interview) : null,
  ];
  return joinBlocks([answer, ...lines]);
}

/** A question about the comparison: one that asks to compare, or names the other company. */
function asksToCompare(question: string, withoutName: string, otherCompany: string): boolean {
  const analysis = analyseQuestion(withoutName);
  if (strongestIntent(analysis) === 'compare' && analysis.dimensions.length < 2) return true;
  return otherCompany.length > 2 && question.toLowerCase().includes(otherCompany.toLowerCase());
}

/**
 * The one dimension a comparison question is about, if it names exactly one
 * by more than the word that asks to compare ("how do we compare" is not a
 * question about competitive positioning).
 */
function comparedDimension(question: string): DimensionId | null {
  const analysis = analyseQuestion(question.replace(/\b(compar\w*|competitors?|competition|rivals?|against|versus|vs)\b/gi, ' '));
  return analysis.dimensions.length === 1 ? analysis.dimensions[0]! : null;
}

function escapePattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
