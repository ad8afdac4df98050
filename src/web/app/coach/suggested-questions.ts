/**
 * The coach page's suggested first questions, built from the result being
 * discussed: one per gap (the result's weakest dimensions, by id), then a
 * plan across them and what the total means. Each is a question the local
 * coach answers from the result itself, and a model gets the same result in
 * its prompt.
 */
import { dimensionById, isDimensionId } from '../../../framework/dimensions.ts';
import type { ScoringResult } from '../../../modules/scoring/result-schema.ts';

export type QuestionSource = Pick<ScoringResult, 'gaps' | 'dimensions' | 'totalScore' | 'stageName'>;

export function suggestedQuestions(result: QuestionSource): string[] {
  const levels = new Map(result.dimensions.map((dimension) => [dimension.dimensionId, dimension.score]));
  // Gaps are dimension ids; anything else (an older result's free text) is left out rather than guessed at.
  const gapQuestions = result.gaps.filter(isDimensionId).map((id) => {
    const level = levels.get(id);
    const name = dimensionById(id).name;
    return level === undefined ? `How do we improve ${name}?` : `How do we improve ${name} from level ${level}?`;
  });
  return [
    ...gapQuestions,
    ...(gapQuestions.length > 1 ? ['Give us a 90-day plan for our gaps.'] : []),
    `What does our total of ${result.totalScore} (${result.stageName}) mean?`,
  ];
}
