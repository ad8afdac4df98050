/**
 * The engine: findings and site facts -> a level per dimension, total, tier,
 * strengths and gaps, anti-patterns and cross-dimension notes. It never reads
 * a page: the detector stage (signals/detect-signals.ts, signals/site-facts.ts)
 * has read them. Pure: the same findings, facts and asOf always give the same
 * result, in whatever order the findings arrive.
 */
import { DIMENSION_IDS, type DimensionId } from '../../../framework/dimensions.ts';
import { tierForTotal } from '../../../framework/tiers.ts';
import type { Finding, SiteFacts } from '../artifacts.ts';
import type { DimensionScore, ScoringResult } from '../result-schema.ts';
import { detectAntiPatterns, gatherFacts } from './anti-pattern-facts.ts';
import { crossDimensionNotes } from './cross-dimension-notes.ts';
import { assessDimension, type DimensionGrounding, type LevelCap } from './dimension-score.ts';
import { strengthsAndGaps } from './strengths-and-gaps.ts';

export type { DimensionGrounding };

export interface ScoreSiteInput {
  findings: readonly Finding[];
  /** What the detector stage read from the pages besides findings. */
  facts: SiteFacts;
  /** The crawl date: staleness is measured against it, never against a clock. */
  asOf: Date;
}

export type EngineResult = Omit<ScoringResult, 'id' | 'url' | 'createdAt' | 'depth' | 'productId' | 'crawledPages' | 'crawlStats'> & {
  crossDimensionNotes: string | null;
  antiPatternsDetected: string[];
  grounding: Record<DimensionId, DimensionGrounding>;
};

export function scoreSite({ findings, facts, asOf }: ScoreSiteInput): EngineResult {
  const antiPatterns = detectAntiPatterns(gatherFacts(facts, findings, asOf));
  const caps = new Map<DimensionId, LevelCap>();
  for (const pattern of antiPatterns) {
    if ('levelCap' in pattern && pattern.levelCap) {
      caps.set(pattern.levelCap.dimensionId, { maxLevel: pattern.levelCap.maxLevel, reason: pattern.name });
    }
  }

  const assessments = DIMENSION_IDS.map((id) => assessDimension(id, findings, caps.get(id) ?? null, facts.pageUrls, facts.companyName));
  const grounding = Object.fromEntries(assessments.map(({ score, ...basis }) => [score.dimensionId, basis])) as Record<DimensionId, DimensionGrounding>;

  return {
    ...(facts.companyName ? { companyName: facts.companyName } : {}),
    ...summarise(
      assessments.map((a) => a.score),
      grounding,
    ),
    antiPatternsDetected: antiPatterns.map((pattern) => pattern.name),
    grounding,
  };
}

/** Total, tier, strengths, gaps and notes: everything that follows from the 27 dimension scores. */
function summarise(dimensions: DimensionScore[], grounding: Record<DimensionId, DimensionGrounding>) {
  const totalScore = dimensions.reduce((sum, d) => sum + d.score, 0);
  const levels = Object.fromEntries(dimensions.map((d) => [d.dimensionId, d.score])) as Record<DimensionId, number>;
  return {
    totalScore,
    stageName: tierForTotal(totalScore),
    dimensions,
    ...strengthsAndGaps(dimensions.map((d) => ({ dimensionId: d.dimensionId, score: d.score, points: grounding[d.dimensionId].points }))),
    crossDimensionNotes: crossDimensionNotes(levels),
  };
}

/**
 * The result with refined dimension scores (from the optional LLM step) in
 * place of the engine's, and everything that follows from them recomputed.
 * Anti-patterns, company name and grounding stay the engine's.
 */
export function withRefinedDimensions(engine: EngineResult, dimensions: DimensionScore[]): EngineResult {
  return { ...engine, ...summarise(dimensions, engine.grounding) };
}
