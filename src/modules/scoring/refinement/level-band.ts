/**
 * Which levels a refinement may give a dimension. The model judges the
 * findings; it does not get to add evidence, so every level it gives must be
 * one the detectors' findings could carry under the framework's rubric:
 *
 * - Down: at most MAX_STEP_DOWN below the deterministic level. The detectors'
 *   evidence is verbatim and real; a model may read it as weaker than the
 *   points did, but not as absent.
 * - Up: to any level whose support requirement (the rubric's LEVEL_SUPPORT:
 *   distinct signals, pages, a specific quote; the same necessary condition
 *   the engine applies) the dimension's findings meet. One step up needs that support
 *   too; more than one step is allowed exactly when the findings support it.
 *   So a dimension with no findings stays at level 1: nothing a reader can
 *   check on the site would back a higher level, and the model's knowledge of
 *   the company from elsewhere is not evidence from this crawl.
 * - A dimension an anti-pattern capped never rises: the cap is a named rule
 *   about the site (for example, pricing hidden behind sales) that a model's
 *   reading does not undo.
 */
import { supportAllows } from '../../../framework/rubric.ts';
import { MAX_LEVEL, MIN_LEVEL } from '../../../framework/tiers.ts';
import type { Finding } from '../artifacts.ts';
import { supportOf } from '../engine/dimension-score.ts';

export const MAX_STEP_DOWN = 1;

export interface LevelBand {
  lowest: number;
  highest: number;
}

/** The highest level the findings' support allows under the rubric (1 when there are none). */
export function evidenceCeiling(findings: readonly Finding[]): number {
  const support = supportOf(findings);
  let ceiling = MIN_LEVEL;
  for (let level = MIN_LEVEL + 1; level <= MAX_LEVEL; level++) {
    if (supportAllows(level as 2 | 3 | 4, support)) ceiling = level;
  }
  return ceiling;
}

export function allowedLevels(deterministicLevel: number, findings: readonly Finding[], capped: boolean): LevelBand {
  const lowest = Math.max(MIN_LEVEL, deterministicLevel - MAX_STEP_DOWN);
  // Never below the deterministic level: the engine's own level stands even if the caller passed fewer findings.
  const highest = capped ? deterministicLevel : Math.max(deterministicLevel, evidenceCeiling(findings));
  return { lowest, highest };
}
