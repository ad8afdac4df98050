import { describe, expect, it } from 'vitest';
import { DIMENSIONS, type DimensionId } from '../../../framework/dimensions.ts';
import type { ProductFunction } from '../../../framework/functions.ts';
import { crossDimensionNotes } from './cross-dimension-notes.ts';

const levels = (level: (id: DimensionId, fn: ProductFunction) => number) =>
  Object.fromEntries(DIMENSIONS.map((d) => [d.id, level(d.id, d.function)])) as Record<DimensionId, number>;

describe('crossDimensionNotes', () => {
  it('says a site with almost no evidence reads as early-stage', () => {
    expect(crossDimensionNotes(levels(() => 1))).toMatch(/^There is little public evidence in any function yet/);
  });

  it('names the function that runs ahead and the one that lags', () => {
    const note = crossDimensionNotes(levels((_, fn) => (fn === 'gtm' ? 4 : fn === 'strategy' ? 1 : 2)));
    expect(note).toBe(
      'Go-to-market (average 4.0) runs well ahead of Strategy (average 1.0): the site shows little of how direction is chosen and communicated.',
    );
  });

  it('adds what a strong dimension next to a weak one means', () => {
    const note = crossDimensionNotes(levels((id) => (id === 'delivery_velocity' ? 4 : id === 'feedback_loop_quality' ? 1 : 2)));
    expect(note).toContain('Releases are frequent, but nothing shows them tied back to what customers asked for.');
  });

  it('calls even, high maturity even, and stays silent on an unremarkable middle', () => {
    expect(crossDimensionNotes(levels(() => 4))).toBe('Maturity is even across all six functions, with no function trailing the others by a full level.');
    expect(crossDimensionNotes(levels(() => 2))).toBeNull();
  });

  it('keeps to at most three sentences', () => {
    // Four strong-next-to-weak pairs plus an imbalance between functions: five candidate notes.
    const strong = ['delivery_velocity', 'developer_ecosystem', 'product_analytics', 'pricing_packaging'];
    const note = crossDimensionNotes(levels((id) => (strong.includes(id) ? 4 : 1)))!;
    expect(note.split(/(?<=\.) /)).toHaveLength(3);
  });
});
