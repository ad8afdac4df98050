import { describe, expect, it } from 'vitest';
import { DIMENSION_IDS } from './dimensions.ts';
import { CURVES, DISTINCT_SIGNALS_FOR_LEVEL, MAX_COUNTED_REPEATS, REPEAT_DECAY, RUBRIC } from './rubric.ts';
import { SIGNAL_CATALOGUE, type SignalId } from './signal-types.ts';

describe('rubric', () => {
  it('weighs every catalogue signal in exactly the dimension the catalogue names, and nothing else', () => {
    const weighted = DIMENSION_IDS.flatMap((id) => Object.keys(RUBRIC[id].weights).map((signal) => ({ signal, id })));
    expect(weighted.map((w) => w.signal).sort()).toEqual(SIGNAL_CATALOGUE.map((entry) => entry.id).sort());
    for (const { signal, id } of weighted) expect(SIGNAL_CATALOGUE.find((entry) => entry.id === signal)!.dimensionId, signal).toBe(id);
  });

  it('has curves whose control points rise', () => {
    for (const curve of Object.values(CURVES)) {
      expect(curve.pointsForLevel2).toBeLessThan(curve.pointsForLevel3);
      expect(curve.pointsForLevel3).toBeLessThan(curve.pointsForLevel4);
    }
    expect(DISTINCT_SIGNALS_FOR_LEVEL[2]).toBeLessThan(DISTINCT_SIGNALS_FOR_LEVEL[3]);
    expect(DISTINCT_SIGNALS_FOR_LEVEL[3]).toBeLessThan(DISTINCT_SIGNALS_FOR_LEVEL[4]);
    expect(REPEAT_DECAY).toBeGreaterThan(0);
    expect(REPEAT_DECAY).toBeLessThan(1);
  });

  it('expects as many signals, worth as many points, as the curve descriptions say', () => {
    const described = { broad: { signals: [5, 8], points: [7, 10.25] }, narrow: { signals: [4, 5], points: [5.5, 8.5] } };
    for (const [curve, { signals, points }] of Object.entries(described)) {
      const rubrics = Object.values(RUBRIC).filter((rubric) => rubric.curve === curve);
      const counts = rubrics.map((rubric) => Object.keys(rubric.weights).length);
      const sums = rubrics.map((rubric) => (Object.values(rubric.weights) as number[]).reduce((a, b) => a + b, 0));
      expect([Math.min(...counts), Math.max(...counts)], curve).toEqual(signals);
      expect([Math.min(...sums), Math.max(...sums)], curve).toEqual(points);
    }
  });

  it.each(DIMENSION_IDS)('makes every level of %s reachable from public evidence', (id) => {
    const { curve, weights } = RUBRIC[id];
    const { pointsForLevel2, pointsForLevel3, pointsForLevel4 } = CURVES[curve];
    const sorted = (Object.values(weights) as number[]).sort((a, b) => b - a);
    const repeatFactor = Array.from({ length: MAX_COUNTED_REPEATS }, (_, k) => REPEAT_DECAY ** k).reduce((a, b) => a + b, 0);
    expect(sorted.length).toBeGreaterThanOrEqual(DISTINCT_SIGNALS_FOR_LEVEL[4]);
    // One full-strength finding of the heaviest signal reaches level 2...
    expect(sorted[0]).toBeGreaterThanOrEqual(pointsForLevel2);
    // ...one each of the two heaviest reaches level 3...
    expect(sorted[0]! + sorted[1]!).toBeGreaterThanOrEqual(pointsForLevel3);
    // ...and every expected signal, repeated, reaches level 4.
    expect(sorted.reduce((a, b) => a + b, 0) * repeatFactor).toBeGreaterThanOrEqual(pointsForLevel4);
    for (const signal of Object.keys(weights) as SignalId[]) expect(weights[signal]).toBeGreaterThan(0);
  });
});
