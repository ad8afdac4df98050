/** The benchmark statistics on known sets, checked against what R's quantile(type = 7) and NumPy's percentile give. */
import { describe, expect, it } from 'vitest';
import { percentileRank, quantile, quartiles } from './statistics.ts';

describe('quartiles (linear interpolation between closest ranks, type 7)', () => {
  it('match NumPy on 1..10: 3.25, 5.5, 7.75', () => {
    expect(quartiles([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toEqual({ p25: 3.25, p50: 5.5, p75: 7.75 });
  });

  it('match NumPy on six totals: 63.25, 71.5, 84.25', () => {
    expect(quartiles([95, 54, 73, 61, 88, 70])).toEqual({ p25: 63.25, p50: 71.5, p75: 84.25 });
  });

  it('land on values when the ranks are whole, with ties and in any order', () => {
    expect(quartiles([60, 40, 80, 40, 100])).toEqual({ p25: 40, p50: 60, p75: 80 });
  });

  it('of one value are that value; of two, interpolate between them', () => {
    expect(quartiles([7])).toEqual({ p25: 7, p50: 7, p75: 7 });
    expect(quartiles([1, 3])).toEqual({ p25: 1.5, p50: 2, p75: 2.5 });
  });

  it('give the extremes at 0 and 1 and leave the input unsorted', () => {
    const values = [3, 1, 2];
    expect(quantile(values, 0)).toBe(1);
    expect(quantile(values, 1)).toBe(3);
    expect(values).toEqual([3, 1, 2]);
  });

  it('refuse no values and a p outside [0, 1]', () => {
    expect(() => quantile([], 0.5)).toThrow(RangeError);
    expect(() => quantile([1], 1.5)).toThrow(RangeError);
    expect(() => quantile([1], Number.NaN)).toThrow(RangeError);
  });
});

describe('percentileRank (mid-rank: ties count half)', () => {
  const pool = [40, 40, 60, 80, 100];

  it.each([
    [30, 0],
    [40, 20],
    [60, 50],
    [70, 60],
    [100, 90],
    [120, 100],
  ])('ranks %i at %i among 40, 40, 60, 80, 100', (value, rank) => {
    expect(percentileRank(pool, value)).toBe(rank);
  });

  it('rounds to a whole number: the middle of three ranks 50, the top of three 83', () => {
    expect(percentileRank([1, 2, 3], 2)).toBe(50);
    expect(percentileRank([1, 2, 3], 3)).toBe(83);
  });

  it('ranks every member of an all-equal pool at 50', () => {
    expect(percentileRank([2, 2, 2, 2, 2], 2)).toBe(50);
  });

  it('refuses an empty pool', () => {
    expect(() => percentileRank([], 1)).toThrow(RangeError);
  });
});
