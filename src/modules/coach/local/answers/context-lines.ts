/**
 * What the coach adds from the account's context to an answer about its
 * result: the goals and team size it gave in the welcome interview, and
 * what moved since its previous score. Each line is built only from what
 * the account told us or what the scores show.
 */
import { DIMENSIONS, type DimensionId } from '../../../../framework/dimensions.ts';
import { describeDelta, type ScoreChange } from '../../../scoring/score-change.ts';
import type { InterviewAnswers } from '../../coach-context.ts';
import { analyseQuestion } from '../question-analysis.ts';
import { dimensionName, type ResultView } from '../result-view.ts';

/** How many moved dimensions a line names. */
const MOVES_NAMED = 3;

/** The dimensions a goal is about: those it names, or those of the functions it names. */
function dimensionsOfGoal(goal: string): DimensionId[] {
  const analysis = analyseQuestion(goal);
  if (analysis.dimensions.length > 0) return analysis.dimensions;
  return analysis.functions.flatMap((fn) => DIMENSIONS.filter((d) => d.function === fn).map((d) => d.id));
}

/**
 * The interview's goals, and for each the weakest dimension it rests on, so
 * the advice starts where the account said it wants to go.
 */
export function goalsLine(view: ResultView, interview: InterviewAnswers | null): string | null {
  if (!interview || interview.goals.length === 0) return null;
  const quoted = interview.goals.map((goal) => `“${goal}”`).join('; ');
  const links = interview.goals.flatMap((goal) => {
    const ids = dimensionsOfGoal(goal);
    const weakest = view.weakest.find((score) => ids.includes(score.dimensionId));
    return weakest ? [`“${goal}” rests most on ${dimensionName(weakest.dimensionId)} (level ${weakest.score})`] : [];
  });
  const said = `${interview.role ? `As ${interview.role}, you` : 'You'} set these goals in the welcome interview: ${quoted}.`;
  return links.length > 0 ? `${said} ${links.join('; ')}: start there.` : `${said} The gaps above are where the score says to start on them.`;
}

/** How many of a plan's first steps a team of this size can carry at once. */
export function teamLine(interview: InterviewAnswers | null): string | null {
  if (!interview) return null;
  const size = interview.teamSize;
  const people = `${size} ${size === 1 ? 'person' : 'people'} on ${interview.productName}`;
  if (size <= 5) return `With ${people}, take one step at a time: finish the first before starting the second.`;
  if (size <= 20) return `With ${people}, run two or three of these at once, each with one named owner.`;
  return `With ${people}, run the first three at once, one owner each, and start the second wave in month two.`;
}

/** What moved since the previous score of the same depth, in one sentence. */
export function changeLine(change: ScoreChange | null): string | null {
  if (!change || !change.previous || change.totalDelta === null) return null;
  const day = new Date(change.previous.createdAt).toISOString().slice(0, 10);
  const moved = change.moved.slice(0, MOVES_NAMED).map((move) => `${move.dimensionName} ${move.from} → ${move.to}`);
  const more = change.moved.length > MOVES_NAMED ? ` and ${change.moved.length - MOVES_NAMED} more` : '';
  const stage = change.stageChanged ? `, from ${change.previous.stageName}` : '';
  const total = `Since your previous score (${day}): ${describeDelta(change.totalDelta)} (${change.previous.totalScore} → ${change.previous.totalScore + change.totalDelta}${stage}).`;
  return moved.length > 0 ? `${total} Moved: ${moved.join(', ')}${more}.` : `${total} No dimension moved.`;
}

/** Whether one dimension moved since the previous score: said in an answer about it. */
export function dimensionMoveLine(change: ScoreChange | null, id: DimensionId): string | null {
  const move = change?.moved.find((candidate) => candidate.dimensionId === id);
  if (!move || !change?.previous) return null;
  const day = new Date(change.previous.createdAt).toISOString().slice(0, 10);
  return `It moved from level ${move.from} to ${move.to} since your previous score (${day}).`;
}
