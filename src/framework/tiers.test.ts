import { describe, expect, it } from 'vitest';
import { stageForLevel, TIER_BANDS, tierForTotal } from './tiers.ts';

describe('tiers', () => {
  it('maps each dimension level to the tier of a company at that level everywhere', () => {
    expect([1, 2, 3, 4].map(stageForLevel)).toEqual(['Foundation', 'Building', 'Leading', 'Compounding']);
    expect([1, 2, 3, 4].map((level) => tierForTotal(level * 27))).toEqual(['Foundation', 'Building', 'Leading', 'Compounding']);
  });

  it('splits 27..108 into five contiguous bands with exact edges', () => {
    expect(TIER_BANDS).toEqual([
      { stageName: 'Foundation', minTotal: 27, maxTotal: 43 },
      { stageName: 'Building', minTotal: 44, maxTotal: 59 },
      { stageName: 'Scaling', minTotal: 60, maxTotal: 75 },
      { stageName: 'Leading', minTotal: 76, maxTotal: 91 },
      { stageName: 'Compounding', minTotal: 92, maxTotal: 108 },
    ]);
  });

  it('refuses totals outside the possible range', () => {
    expect(() => tierForTotal(26)).toThrow(RangeError);
    expect(() => tierForTotal(109)).toThrow(RangeError);
    expect(() => tierForTotal(50.5)).toThrow(RangeError);
  });
});
