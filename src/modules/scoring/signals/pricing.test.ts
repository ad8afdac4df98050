import { describe, expect, it } from 'vitest';
import { testPage } from '../../../../test/fixtures/test-pages.ts';
import { detectSignals } from './detect-signals.ts';
import { pricesOn } from './pricing.ts';

describe('pricing structure', () => {
  it('counts distinct prices in several currencies and notations', () => {
    expect(pricesOn('Free $0\nPro $25.00\nTeam €1,200 a year\nEnterprise 99 USD').distinct).toBe(4);
    expect(pricesOn('$25 and $25').distinct).toBe(1);
    expect(pricesOn('No prices here, just 25 teams').distinct).toBe(0);
  });

  it('scores two tiers weaker than three', () => {
    const tiers = (main: string) => detectSignals([testPage({ path: '/pricing', main })]).find((f) => f.signal === 'pricing.tiers');
    expect(tiers('<p>Solo $12</p><p>Team $29</p>')!.strength).toBe(0.6);
    expect(tiers('<p>Solo $12</p><p>Team $29</p><p>Agency $59</p>')).toMatchObject({ strength: 1, evidence: { kind: 'quote', text: 'Solo $12' } });
  });
});
