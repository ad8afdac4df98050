/**
 * What the coach knows besides the conversation and the result it is about,
 * given to both coaches (local and model) alike: another result the
 * conversation compares with, the account's welcome interview (who asks,
 * what for, how big the team is), what moved since the score before, and
 * what the team's tools measured and its notes said beside the site, and
 * the product's goals (issue 28).
 */
import type { DimensionId } from '../../framework/dimensions.ts';
import type { CombinedEvidence } from '../scoring/evidence-kinds/combine-evidence.ts';
import type { ScoreChange } from '../scoring/score-change.ts';
import type { SubmittedResult } from '../scoring/result-schema.ts';

export interface InterviewAnswers {
  role: string;
  goals: readonly string[];
  teamSize: number;
  productName: string;
}

export interface CoachContext {
  /** A second result to compare with: a competitor's, or the same site scored before. */
  comparedWith: SubmittedResult | null;
  /** The onboarding interview's answers, when the account gave them. */
  interview: InterviewAnswers | null;
  /** What changed since the previous score of the same depth; null for a first score or a result not the account's. */
  change: ScoreChange | null;
  /**
   * The result's three kinds of evidence (issue 27): measured signals and team
   * notes per dimension, as stored with the score; null when only the site
   * went in, or the result is not the asker's (nor published).
   */
  evidence?: CombinedEvidence | null;
  /** The goals of the result's product (the outcomes module), soonest due first; absent or empty when it has none or is not the asker's. */
  goals?: readonly ProductGoal[];
}

/** A goal as the coach reads it: a target level for a dimension by a day, and where it stands. */
export interface ProductGoal {
  dimensionId: DimensionId;
  targetLevel: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  currentLevel: number | null;
  onTrack: boolean;
}

export const NO_CONTEXT: CoachContext = { comparedWith: null, interview: null, change: null };
