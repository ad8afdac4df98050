/**
 * The product's goals in the local coach's answers (issue 28): an answer
 * about a dimension with a goal says the target, the day and whether it is on
 * track; an overview lists the goals that are at risk.
 */
import { dimensionById, type DimensionId } from '../../../../framework/dimensions.ts';
import type { ProductGoal } from '../../coach-context.ts';

const standing = (goal: ProductGoal) => (goal.onTrack ? 'on track' : 'at risk');
const now = (goal: ProductGoal) => (goal.currentLevel === null ? 'not scored yet' : `at level ${goal.currentLevel}`);

/** The goal on one dimension, said under an answer about it. */
export function dimensionGoalLine(goals: readonly ProductGoal[] | undefined, id: DimensionId): string | null {
  const goal = goals?.find((candidate) => candidate.dimensionId === id);
  if (!goal) return null;
  return `Your goal: level ${goal.targetLevel} by ${goal.dueDate}. It is ${now(goal)}, ${standing(goal)}.`;
}

/** The goals at risk, under an overview: where the next step pays most. */
export function goalsAtRiskLine(goals: readonly ProductGoal[] | undefined): string | null {
  const atRisk = (goals ?? []).filter((goal) => !goal.onTrack);
  if (atRisk.length === 0) return null;
  const named = atRisk.map((goal) => `${dimensionById(goal.dimensionId).name} (level ${goal.targetLevel} by ${goal.dueDate}, ${now(goal)})`);
  return `Goals at risk: ${named.join('; ')}.`;
}
