import { describe, expect, it } from 'vitest';
import { DIMENSION_IDS } from './dimensions.ts';
import { CURVES, LEVEL_SUPPORT, MAX_COUNTED_REPEATS, REPEAT_DECAY, RUBRIC, SPECIFIC_QUOTE, supportAllows } from './rubric.ts';
import { SIGNAL_CATALOGUE, type SignalId } from './signal-types.ts';

describe('rubric', () => {
  it('weighs every catalogue signal in exactly the dimension its entry names, with the weight its entry gives', () => {
    const weighted = DIMENSION_IDS.flatMap((id) => Object.entries(RUBRIC[id].weights).map(([signal, weight]) => ({ signal, id, weight })));
    expect(weighted).toHaveLength(SIGNAL_CATALOGUE.length);
    for (const entry of SIGNAL_CATALOGUE) {
      expect(
        weighted.filter((w) => w.signal === entry.id),
        entry.id,
      ).toEqual([{ signal: entry.id, id: entry.dimensionId, weight: entry.weight }]);
    }
  });

  it('has a positive weight on every catalogue entry', () => {
    for (const entry of SIGNAL_CATALOGUE) expect(entry.weight, entry.id).toBeGreaterThan(0);
  });

  it('has curves whose control points rise', () => {
    for (const curve of Object.values(CURVES)) {
      expect(curve.pointsForLevel2).toBeLessThan(curve.pointsForLevel3);
      expect(curve.pointsForLevel3).toBeLessThan(curve.pointsForLevel4);
    }
    expect(LEVEL_SUPPORT[3].signals).toBeLessThan(LEVEL_SUPPORT[4].signals);
    expect(REPEAT_DECAY).toBeGreaterThan(0);
    expect(REPEAT_DECAY).toBeLessThan(1);
  });

  it('expects as many signals, worth as many points, as the curve descriptions say', () => {
    const described = { broad: { signals: [5, 9], points: [7.5, 11.25] }, narrow: { signals: [4, 7], points: [6, 11] } };
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
    expect(sorted.length).toBeGreaterThanOrEqual(LEVEL_SUPPORT[4].signals);
    // One full-strength finding of the heaviest signal reaches level 2...
    expect(sorted[0]).toBeGreaterThanOrEqual(pointsForLevel2);
    // ...one each of the two heaviest reaches level 3...
    expect(sorted[0]! + sorted[1]!).toBeGreaterThanOrEqual(pointsForLevel3);
    // ...and every expected signal, repeated, reaches level 4.
    expect(sorted.reduce((a, b) => a + b, 0) * repeatFactor).toBeGreaterThanOrEqual(pointsForLevel4);
    for (const signal of Object.keys(weights) as SignalId[]) expect(weights[signal]).toBeGreaterThan(0);
  });
});

describe('evidence that hangs together', () => {
  const support = (signals: number, pages: number, specific: boolean) => ({ signals, pages, specific });

  it('needs a finding for level 2, and nothing more', () => {
    expect(supportAllows(2, support(0, 0, false))).toBe(false);
    expect(supportAllows(2, support(1, 1, false))).toBe(true);
  });

  it('gives level 3 to one strong practice that holds up: two signals, one seen on two pages, or one stated with a figure', () => {
    expect(supportAllows(3, support(1, 1, false))).toBe(false);
    expect(supportAllows(3, support(2, 1, false))).toBe(true);
    expect(supportAllows(3, support(1, 2, false))).toBe(true);
    expect(supportAllows(3, support(1, 1, true))).toBe(true);
  });

  it('gives level 4 to three signals across two pages, or four on one page with a figure: never to one page of three claims', () => {
    expect(supportAllows(4, support(3, 1, false))).toBe(false);
    expect(supportAllows(4, support(3, 1, true))).toBe(false);
    expect(supportAllows(4, support(2, 3, true))).toBe(false);
    expect(supportAllows(4, support(3, 2, false))).toBe(true);
    expect(supportAllows(4, support(4, 1, false))).toBe(false);
    expect(supportAllows(4, support(4, 1, true))).toBe(true);
  });

  it('counts a figure or a stated rhythm as specific, and a bare claim as not', () => {
    for (const quote of ['SLA for 99.99% uptime', 'We ship a new version once a month.', 'Released on 2026-05-01', 'conversion rate from 14% to 43%']) {
      expect(SPECIFIC_QUOTE.test(quote), quote).toBe(true);
    }
    for (const quote of ['We care deeply about reliability.', 'We run user interviews.', 'Acme is SOC 2 Type 2 certified.', 'Audited against ISO 27001.']) {
      expect(SPECIFIC_QUOTE.test(quote), quote).toBe(false);
    }
  });
});
