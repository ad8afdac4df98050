import { describe, expect, it } from 'vitest';
import { DIMENSION_IDS, dimensionById, type DimensionId } from '../../../framework/dimensions.ts';
import { RUBRIC } from '../../../framework/rubric.ts';
import { signalType, type SignalId } from '../../../framework/signal-types.ts';
import { stageForLevel } from '../../../framework/tiers.ts';
import type { Finding } from '../artifacts.ts';
import { testFinding } from '../test-pages.ts';
import { assessDimension, confidenceFor, levelFor, tallySignals } from './dimension-score.ts';

/** The dimension's expected signals, heaviest first (ties by id). */
function signalsByWeight(id: DimensionId): SignalId[] {
  const weights = RUBRIC[id].weights;
  return (Object.keys(weights) as SignalId[]).sort((a, b) => weights[b]! - weights[a]! || (a < b ? -1 : 1));
}

/** Hand-built findings meant to land a dimension on each level. */
function findingsForLevel(id: DimensionId, level: 1 | 2 | 3 | 4): Finding[] {
  const signals = signalsByWeight(id);
  if (level === 1) return [];
  if (level === 2) return [testFinding(signals[0]!)];
  if (level === 3) return signals.slice(0, 2).map((signal, i) => testFinding(signal, { path: `/page-${i}` }));
  return signals.flatMap((signal) => [1, 2, 3].map((n) => testFinding(signal, { path: `/${signal}-${n}`, text: `${signal} quote ${n}` })));
}

describe('assessDimension', () => {
  describe.each(DIMENSION_IDS)('%s', (id) => {
    it.each([1, 2, 3, 4] as const)('reaches level %i from hand-built findings', (level) => {
      const { score } = assessDimension(id, findingsForLevel(id, level), null);
      expect(score.score).toBe(level);
      expect(score.stageName).toBe(stageForLevel(level));
      expect(score.dimensionName).toBe(dimensionById(id).name);
    });
  });

  it('says plainly that no evidence was found, with low confidence, and names every expected signal as missing', () => {
    const { score, missingSignals, findings } = assessDimension('pricing_packaging', [], null);
    expect(score).toMatchObject({ score: 1, confidence: 'low', evidence: 'No public evidence for Pricing & Packaging was found on the crawled pages.' });
    expect(findings).toEqual([]);
    expect(missingSignals).toHaveLength(Object.keys(RUBRIC.pricing_packaging.weights).length);
    for (const signal of missingSignals) expect(score.reasoning).toContain(signalType(signal).label);
  });

  it('names the signals found and the expected ones missing, and what the next level needs', () => {
    const { score } = assessDimension('pricing_packaging', [testFinding('pricing.tiers'), testFinding('pricing.annual_discount')], null);
    expect(score.score).toBe(2);
    expect(score.reasoning).toContain('Found 2 of 8 expected signals: published pricing tiers and annual billing options, worth 3 points.');
    expect(score.reasoning).toContain('Level 3 needs 3.5 points from at least 2 distinct signals.');
    expect(score.reasoning).toContain('Not found: usage-based pricing, an enterprise plan, a plan comparison, a public pricing page, per-seat pricing and a sales-led path.');
  });

  it('quotes at most the two strongest signals, each with its page', () => {
    const findings = [
      testFinding('security.soc2', { path: '/security', text: 'SOC 2 Type II audited' }),
      testFinding('security.iso27001', { path: '/trust', text: 'ISO 27001 certified' }),
      testFinding('security.regulatory', { path: '/legal', text: 'GDPR ready' }),
    ];
    const { score } = assessDimension('trust_security', findings, null);
    expect(score.evidence).toBe('"SOC 2 Type II audited" (http://fixture.local/security); "ISO 27001 certified" (http://fixture.local/trust)');
  });

  it('applies a cap and says why', () => {
    const { score, cappedBy } = assessDimension('delivery_velocity', findingsForLevel('delivery_velocity', 4), { maxLevel: 2, reason: 'Stale changelog' });
    expect(score.score).toBe(2);
    expect(cappedBy).toBe('Stale changelog');
    expect(score.reasoning).toContain('capped at 2 because of the anti-pattern "Stale changelog"');
  });

  it('ignores findings of other dimensions and signals the rubric does not weigh there', () => {
    const stray = { ...testFinding('security.soc2'), dimensionId: 'pricing_packaging' as const };
    expect(assessDimension('pricing_packaging', [stray, testFinding('security.iso27001')], null).score.score).toBe(1);
  });
});

describe('rubric arithmetic', () => {
  it('decays repeats of one signal and counts at most three', () => {
    const repeats = [1, 0.5, 1, 1].map((strength, i) => testFinding('pricing.tiers', { strength, path: `/p${i}` }));
    const [tally] = tallySignals('pricing_packaging', repeats);
    // weight 2: 2 x (1 + 1 x 0.5 + 1 x 0.25); the 0.5-strength finding is the fourth and drops out.
    expect(tally!.points).toBe(3.5);
    expect(tally!.findings).toHaveLength(3);
  });

  it('never lifts one signal above level 2, or two above level 3, however strong', () => {
    const curve = { pointsForLevel2: 1, pointsForLevel3: 2, pointsForLevel4: 3 };
    expect(levelFor(100, 1, curve)).toBe(2);
    expect(levelFor(100, 2, curve)).toBe(3);
    expect(levelFor(100, 3, curve)).toBe(4);
    expect(levelFor(0.5, 3, curve)).toBe(1);
  });

  it('rates confidence by the amount and the diversity of evidence', () => {
    const f = (signal: SignalId, path: string) => testFinding(signal, { path });
    expect(confidenceFor([], 0)).toBe('low');
    expect(confidenceFor([f('pricing.tiers', '/a')], 1)).toBe('low');
    expect(confidenceFor([f('pricing.tiers', '/a'), f('pricing.tiers', '/b')], 1)).toBe('medium');
    expect(confidenceFor([f('pricing.tiers', '/a'), f('pricing.seat_based', '/a')], 2)).toBe('medium');
    const broad = [f('pricing.tiers', '/a'), f('pricing.seat_based', '/a'), f('pricing.usage_based', '/b'), f('pricing.tiers', '/b')];
    expect(confidenceFor(broad, 3)).toBe('high');
    expect(confidenceFor(broad.map((x) => ({ ...x, url: 'http://fixture.local/a' })), 3)).toBe('medium');
  });
});
