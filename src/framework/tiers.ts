import { DIMENSION_IDS } from './dimensions.ts';

/** The five tier names of the spec (part 2), lowest first. */
export const STAGE_NAMES = ['Foundation', 'Building', 'Scaling', 'Leading', 'Compounding'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

/** A dimension scores 1 (Foundation) to 4 (Compounding). */
export const MIN_LEVEL = 1;
export const MAX_LEVEL = 4;

/**
 * The tier as one function of the average level, so that a single dimension's
 * stage is the tier a company would get if every dimension had that level.
 *
 * The average runs from 1 to 4; the five tiers split that range of 3 into five
 * equal bands of 0.6 each:
 *   Foundation [1.0, 1.6)  Building [1.6, 2.2)  Scaling [2.2, 2.8)
 *   Leading    [2.8, 3.4)  Compounding [3.4, 4.0]
 * Integer arithmetic keeps the band edges exact:
 *   band = floor((total - n) * 5 / (3 * n)), capped at 4,
 * where n is the number of dimensions and total the sum of their levels.
 * Level 1 maps to Foundation, 2 to Building, 3 to Leading and 4 to Compounding;
 * Scaling occurs only for a mix of levels.
 */
export function tierForTotal(total: number, dimensionCount: number = DIMENSION_IDS.length): StageName {
  const minTotal = dimensionCount * MIN_LEVEL;
  const maxTotal = dimensionCount * MAX_LEVEL;
  if (!Number.isInteger(total) || total < minTotal || total > maxTotal) {
    throw new RangeError(`total ${total} is outside ${minTotal}..${maxTotal}`);
  }
  const band = Math.min(STAGE_NAMES.length - 1, Math.floor(((total - minTotal) * STAGE_NAMES.length) / (maxTotal - minTotal)));
  return STAGE_NAMES[band]!;
}

/** The stage name of one dimension's level: the tier of a company level everywhere. */
export function stageForLevel(level: number): StageName {
  return tierForTotal(level, 1);
}

export interface TierBand {
  stageName: StageName;
  minTotal: number;
  maxTotal: number;
}

/** The tier bands over a total of `dimensionCount` levels: contiguous, lowest first. */
function tierBandsFor(dimensionCount: number): readonly TierBand[] {
  const bands: TierBand[] = [];
  for (let total = dimensionCount * MIN_LEVEL; total <= dimensionCount * MAX_LEVEL; total++) {
    const stageName = tierForTotal(total, dimensionCount);
    const last = bands.at(-1);
    if (last && last.stageName === stageName) last.maxTotal = total;
    else bands.push({ stageName, minTotal: total, maxTotal: total });
  }
  return Object.freeze(bands.map((band) => Object.freeze(band)));
}

/** The tier bands over the whole total (27..108), published in the metadata record; computed once. */
export const TIER_BANDS: readonly Readonly<TierBand>[] = tierBandsFor(DIMENSION_IDS.length);
