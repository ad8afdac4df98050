/**
 * Facts the coach derives from one result: levels by dimension, the
 * weakest and strongest dimensions in order, where the total sits in its tier
 * and how each function stands. Computed once per answer.
 */
import { DIMENSION_IDS, dimensionById, type DimensionId } from '../../../framework/dimensions.ts';
import { FUNCTION_LABELS, type ProductFunction } from '../../../framework/functions.ts';
import { playbookStep, STEP_EFFORTS } from '../../../framework/playbook.ts';
import { MAX_LEVEL, TIER_BANDS, type StageName, type TierBand } from '../../../framework/tiers.ts';
import type { DimensionScore, SubmittedResult } from '../../scoring/result-schema.ts';

const CONFIDENCE_ORDER = { high: 0, medium: 1, low: 2 } as const;

export interface ResultView {
  result: SubmittedResult;
  /** The company as the answer names it: its name, else the scored host. */
  company: string;
  scoreOf(id: DimensionId): DimensionScore | undefined;
  /**
   * Every scored dimension, weakest first: by level; at equal level the
   * result's own gaps first, then the surer score (higher confidence), then
   * framework order.
   */
  weakest: DimensionScore[];
  /** Every scored dimension, strongest first, the result's strengths leading ties. */
  strongest: DimensionScore[];
}

export function viewResult(result: SubmittedResult): ResultView {
  const byId = new Map<DimensionId, DimensionScore>();
  // A result may repeat a dimension (the schema does not forbid it); the first entry counts.
  for (const score of result.dimensions) if (!byId.has(score.dimensionId)) byId.set(score.dimensionId, score);
  const scores = DIMENSION_IDS.flatMap((id) => byId.get(id) ?? []);
  const order = (id: DimensionId) => DIMENSION_IDS.indexOf(id);
  const listed = (list: string[], id: DimensionId) => {
    const at = list.indexOf(id);
    return at === -1 ? list.length : at;
  };
  const weakest = [...scores].sort(
    (a, b) =>
      a.score - b.score ||
      listed(result.gaps, a.dimensionId) - listed(result.gaps, b.dimensionId) ||
      CONFIDENCE_ORDER[a.confidence] - CONFIDENCE_ORDER[b.confidence] ||
      order(a.dimensionId) - order(b.dimensionId),
  );
  const strongest = [...scores].sort(
    (a, b) =>
      b.score - a.score ||
      listed(result.strengths, a.dimensionId) - listed(result.strengths, b.dimensionId) ||
      CONFIDENCE_ORDER[a.confidence] - CONFIDENCE_ORDER[b.confidence] ||
      order(a.dimensionId) - order(b.dimensionId),
  );
  return { result, company: companyOf(result), scoreOf: (id) => byId.get(id), weakest, strongest };
}

function companyOf(result: SubmittedResult): string {
  const name = result.companyName?.trim();
  if (name) return name;
  try {
    return new URL(result.url).hostname.replace(/^www\./, '');
  } catch {
    return 'your company';
  }
}

/**
 * Dimensions below the top level, cheapest next step first: lowest level,
 * then smallest effort, then the weakest-first order. Each one raised a level
 * adds one point to the total.
 */
export function cheapestLevelUps(view: ResultView, within: readonly DimensionId[] = DIMENSION_IDS): DimensionScore[] {
  const effortOf = (score: DimensionScore) => STEP_EFFORTS.indexOf(playbookStep(score.dimensionId, score.score)!.effort);
  const rank = (score: DimensionScore) => view.weakest.indexOf(score);
  return view.weakest
    .filter((score) => score.score < MAX_LEVEL && within.includes(score.dimensionId))
    .sort((a, b) => a.score - b.score || effortOf(a) - effortOf(b) || rank(a) - rank(b));
}

export interface TierStanding {
  total: number;
  maxTotal: number;
  stageName: StageName;
  /** The result's tier band; null if the stored stage name and total disagree with every band. */
  band: TierBand | null;
  next: TierBand | null;
  pointsToNext: number | null;
  averageLevel: number;
}

export function tierStanding(view: ResultView): TierStanding {
  const { totalScore: total, stageName } = view.result;
  const band = TIER_BANDS.find((b) => b.stageName === stageName) ?? null;
  const next = TIER_BANDS.find((b) => b.minTotal > total) ?? null;
  return {
    total,
    maxTotal: TIER_BANDS.at(-1)!.maxTotal,
    stageName,
    band,
    next,
    pointsToNext: next ? next.minTotal - total : null,
    averageLevel: total / DIMENSION_IDS.length,
  };
}

export interface FunctionStanding {
  fn: ProductFunction;
  label: string;
  /** The function's scored dimensions, weakest first in the view's order (its tie-breaks included). */
  scores: DimensionScore[];
  sum: number;
  /** The highest possible sum: four per dimension. */
  max: number;
  average: number;
}

export function functionStanding(view: ResultView, fn: ProductFunction): FunctionStanding {
  const scores = view.weakest.filter((score) => dimensionById(score.dimensionId).function === fn);
  const sum = scores.reduce((total, s) => total + s.score, 0);
  return {
    fn,
    label: FUNCTION_LABELS[fn],
    scores,
    sum,
    max: scores.length * MAX_LEVEL,
    average: scores.length === 0 ? 0 : sum / scores.length,
  };
}

export function dimensionName(id: DimensionId): string {
  return dimensionById(id).name;
}
