/**
 * The shape of one dimension's playbook entry, shared by the per-function
 * files beside this one and by playbook.ts, which assembles them.
 */

/**
 * How much a step costs, so the coach can put cheap steps first:
 * weeks = a few weeks with the people already there; quarter = about a
 * quarter of focused work; investment = budget, new roles or a programme.
 */
export const STEP_EFFORTS = ['weeks', 'quarter', 'investment'] as const;
export type StepEffort = (typeof STEP_EFFORTS)[number];

export interface PlaybookStep {
  /** What the next level looks like once reached. */
  practices: readonly string[];
  /** Moves a small team can start this month. */
  firstSteps: readonly string[];
  /** What to measure to see the step taking hold. */
  metrics: readonly string[];
  /** The mistake teams most often make on this step. */
  pitfall: string;
  effort: StepEffort;
}

export interface DimensionPlaybook {
  whyItMatters: string;
  /** steps[0] leads from level 1 to 2, steps[1] from 2 to 3, steps[2] from 3 to 4. */
  steps: readonly [PlaybookStep, PlaybookStep, PlaybookStep];
  /** Level 4 has no step beyond it: how to keep the capability compounding. */
  sustain: { practices: readonly string[]; metrics: readonly string[] };
}
