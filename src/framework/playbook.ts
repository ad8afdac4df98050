/**
 * The coaching playbook: for each of the 27 dimensions and each step up
 * (1 to 2, 2 to 3, 3 to 4), the practices that mark the next level, concrete
 * first steps and the metrics to watch; for a dimension already at level 4,
 * how to sustain it. The coach answers from this data and the scoring result
 * only, so every piece of advice here must be specific to its dimension.
 *
 * Practices are phrased as an outside observer (and our crawler) would see
 * them where possible, because the levels are judged from the public site:
 * doing the work privately helps the company, publishing it moves the score.
 */
import type { DimensionId } from './dimensions.ts';
import type { DimensionPlaybook, PlaybookStep } from './playbook/dimension-playbook.ts';
import { DESIGN_PLAYBOOK } from './playbook/design.ts';
import { DEVELOPMENT_PLAYBOOK } from './playbook/development.ts';
import { GTM_PLAYBOOK } from './playbook/gtm.ts';
import { INTELLIGENCE_PLAYBOOK } from './playbook/intelligence.ts';
import { OPERATIONS_PLAYBOOK } from './playbook/operations.ts';
import { STRATEGY_PLAYBOOK } from './playbook/strategy.ts';
import { MAX_LEVEL, MIN_LEVEL } from './tiers.ts';

export { type DimensionPlaybook, type PlaybookStep, STEP_EFFORTS, type StepEffort } from './playbook/dimension-playbook.ts';

/** What a level means in any dimension, for answers that explain the scale. */
export const LEVEL_MEANINGS: Readonly<Record<1 | 2 | 3 | 4, string>> = {
  1: 'little or no public sign of the practice; it is absent or ad hoc',
  2: 'the practice exists and is visible, but it is basic or inconsistent',
  3: 'the practice is systematic, maintained and visible from outside',
  4: 'the practice compounds: it feeds itself with data, customers or an ecosystem',
};

/**
 * Each function's entries live in playbook/<function>.ts; spreading them in
 * the framework's function order keeps the keys in dimension order, and the
 * type makes a missing dimension a compile error.
 */
export const PLAYBOOK: Readonly<Record<DimensionId, DimensionPlaybook>> = {
  ...STRATEGY_PLAYBOOK,
  ...DESIGN_PLAYBOOK,
  ...DEVELOPMENT_PLAYBOOK,
  ...INTELLIGENCE_PLAYBOOK,
  ...OPERATIONS_PLAYBOOK,
  ...GTM_PLAYBOOK,
};

/** The step that leads from `level` to the next one, or null at the top level. */
export function playbookStep(id: DimensionId, level: number): PlaybookStep | null {
  if (!Number.isInteger(level) || level < MIN_LEVEL || level > MAX_LEVEL) {
    throw new RangeError(`level ${level} is outside ${MIN_LEVEL}..${MAX_LEVEL}`);
  }
  if (level === MAX_LEVEL) return null;
  return PLAYBOOK[id].steps[level - MIN_LEVEL]!;
}
