/**
 * The statistics of peer benchmarks, as pure functions: quartiles of a set
 * of scores and where one score stands within it.
 */

export interface Quartiles {
  p25: number;
  p50: number;
  p75: number;
}

/**
 * The p-quantile (0 <= p <= 1) by linear interpolation between the closest
 * ranks: Hyndman and Fan's type 7, the default of R, NumPy and spreadsheets'
 * PERCENTILE.INC. With the values sorted as x[0..n-1], h = (n - 1) p and the
 * quantile is x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h]).
 * Scores are integers, so the result is a multiple of 0.25 for the quartiles.
 */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new RangeError('the quantile of no values');
  if (!(p >= 0 && p <= 1)) throw new RangeError(`p must be within [0, 1], not ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const h = (sorted.length - 1) * p;
  const below = Math.floor(h);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (h - below) * (sorted[above]! - sorted[below]!);
}

export function quartiles(values: readonly number[]): Quartiles {
  return { p25: quantile(values, 0.25), p50: quantile(values, 0.5), p75: quantile(values, 0.75) };
}

/**
 * The percentile rank of `value` among `values`, 0 to 100, rounded to a
 * whole number: the share of values below it, counting values equal to it as
 * half below (the mid-rank definition), so a value at the median ranks 50
 * and ties do not all rank first or last.
 */
export function percentileRank(values: readonly number[], value: number): number {
  if (values.length === 0) throw new RangeError('the percentile rank within no values');
  const below = values.filter((v) => v < value).length;
  const equal = values.filter((v) => v === value).length;
  return Math.round((100 * (below + equal / 2)) / values.length);
}
