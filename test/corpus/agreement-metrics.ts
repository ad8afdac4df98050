/**
 * How far the scorer agrees with the analyst's labels: pure arithmetic over
 * (scorer level, label level) pairs and the companies' totals.
 */
import { DIMENSIONS, type DimensionId } from '../../src/framework/dimensions.ts';
import { FUNCTIONS, type ProductFunction } from '../../src/framework/functions.ts';

/** One (company, dimension) judgement by both sides. */
export interface LevelPair {
  company: string;
  dimensionId: DimensionId;
  scorer: number;
  label: number;
}

export interface Agreement {
  pairs: number;
  exact: number;
  withinOne: number;
  /** exact / pairs, 0..1 (0 when there are no pairs). */
  exactShare: number;
  withinOneShare: number;
  /** Mean of scorer - label: positive when the scorer is generous. */
  meanSignedDifference: number;
}

export function agreementOf(pairs: readonly LevelPair[]): Agreement {
  const exact = pairs.filter((pair) => pair.scorer === pair.label).length;
  const withinOne = pairs.filter((pair) => Math.abs(pair.scorer - pair.label) <= 1).length;
  const difference = pairs.reduce((sum, pair) => sum + pair.scorer - pair.label, 0);
  const share = (count: number) => (pairs.length === 0 ? 0 : count / pairs.length);
  return { pairs: pairs.length, exact, withinOne, exactShare: share(exact), withinOneShare: share(withinOne), meanSignedDifference: share(difference) };
}

/** Agreement per group key, in first-seen order of the keys. */
export function agreementBy<K extends string>(pairs: readonly LevelPair[], key: (pair: LevelPair) => K): Map<K, Agreement> {
  const groups = new Map<K, LevelPair[]>();
  for (const pair of pairs) {
    const group = groups.get(key(pair));
    if (group) group.push(pair);
    else groups.set(key(pair), [pair]);
  }
  return new Map([...groups].map(([k, group]) => [k, agreementOf(group)]));
}

/** 1-based ranks, ties sharing the average of the ranks they span. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) ranks[order[k]!.index] = rank;
    start = end + 1;
  }
  return ranks;
}

/**
 * Spearman's rank correlation: Pearson's correlation of the average ranks,
 * which stays exact with ties (the 1 - 6 sum d^2 shortcut does not). NaN when
 * either side has no spread (all values tied) or there are fewer than two.
 */
export function spearman(xs: readonly number[], ys: readonly number[]): number {
  if (xs.length !== ys.length) throw new RangeError('spearman needs two lists of the same length');
  if (xs.length < 2) return Number.NaN;
  const rx = averageRanks(xs);
  const ry = averageRanks(ys);
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const mx = mean(rx);
  const my = mean(ry);
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (let i = 0; i < rx.length; i++) {
    covariance += (rx[i]! - mx) * (ry[i]! - my);
    varianceX += (rx[i]! - mx) ** 2;
    varianceY += (ry[i]! - my) ** 2;
  }
  if (varianceX === 0 || varianceY === 0) return Number.NaN;
  return covariance / Math.sqrt(varianceX * varianceY);
}

/** Levels run 1..4: the categories of the weighted kappa. */
const LEVELS = [1, 2, 3, 4] as const;

/**
 * Cohen's kappa with quadratic weights over levels 1..4: 1 is perfect
 * agreement, 0 what chance gives with the same marginal distributions. A
 * disagreement of two levels weighs four times one of one level, so it
 * rewards being close as well as being exact. NaN when there are no pairs or
 * the chance-expected disagreement is zero (both sides give one level only).
 *
 *   kappa = 1 - sum_ij w_ij O_ij / sum_ij w_ij E_ij,  w_ij = (i - j)^2 / (k - 1)^2,
 *   E_ij = (row total i) x (column total j) / n.
 */
export function quadraticWeightedKappa(pairs: readonly { scorer: number; label: number }[]): number {
  const n = pairs.length;
  if (n === 0) return Number.NaN;
  const k = LEVELS.length;
  const index = (level: number) => {
    const i = LEVELS.indexOf(level as (typeof LEVELS)[number]);
    if (i === -1) throw new RangeError(`level ${level} is not one of ${LEVELS.join(', ')}`);
    return i;
  };
  const observed = LEVELS.map(() => LEVELS.map(() => 0));
  for (const pair of pairs) observed[index(pair.scorer)]![index(pair.label)]!++;
  const scorerTotals = observed.map((row) => row.reduce((sum, count) => sum + count, 0));
  const labelTotals = LEVELS.map((_, j) => observed.reduce((sum, row) => sum + row[j]!, 0));
  let weightedObserved = 0;
  let weightedExpected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const weight = (i - j) ** 2 / (k - 1) ** 2;
      weightedObserved += weight * observed[i]![j]!;
      weightedExpected += (weight * scorerTotals[i]! * labelTotals[j]!) / n;
    }
  }
  return weightedExpected === 0 ? Number.NaN : 1 - weightedObserved / weightedExpected;
}

/** The average level of each function's dimensions, rounded to 2 decimals, as labels.json states them. */
export function functionAverages(levels: Record<DimensionId, number>): Record<ProductFunction, number> {
  const averages = {} as Record<ProductFunction, number>;
  for (const fn of FUNCTIONS) {
    const members = DIMENSIONS.filter((dimension) => dimension.function === fn).map((dimension) => levels[dimension.id]);
    averages[fn] = Math.round((members.reduce((sum, level) => sum + level, 0) / members.length) * 100) / 100;
  }
  return averages;
}
